import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nodeOptionsWithHeaderLimit } from "@/lib/http/headerLimit.mjs";
import { closedPortUrl } from "@/lib/upstream/testing/servers";
import { DIST, NEXT, ROOT, ensureBuild, waitUntilUp } from "@/scripts/testing/nextBuild";

/**
 * The key never reaches the browser: a production build of the dashboard, served against the
 * real platform, is read the way a browser (or an attacker) could read it.
 */

const KEY = "demo_business_key";

function files(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    out.push(path);
    return out;
  }
  for (const name of readdirSync(path)) files(join(path, name), out);
  return out;
}

describe("key secrecy in the built dashboard", () => {
  let server: ChildProcess;
  let base: string;
  let logs = "";

  beforeAll(async () => {
    ensureBuild();
    base = await closedPortUrl();
    server = spawn(process.execPath, [NEXT, "start", "-H", "127.0.0.1", "-p", new URL(base).port], {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_DIST_DIR: DIST,
        NEXT_TELEMETRY_DISABLED: "1",
        LINK_API_BASE_URL: inject("platformUrl"),
        LINK_API_KEY: KEY,
        NODE_OPTIONS: nodeOptionsWithHeaderLimit(process.env.NODE_OPTIONS),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk: Buffer) => (logs += chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => (logs += chunk.toString()));
    await waitUntilUp(`${base}/api/events?limit=abc`, server);
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
  });

  it("appears in no page, script, stylesheet, API reply, header or log", async () => {
    const seen: string[] = [];
    const read = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      seen.push(
        `${path} ${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n${await response.text()}`,
      );
      return response;
    };

    const page = await read("/?event=sales&country=US,DE&interval=30d");
    expect(page.status).toBe(200);
    const assets = [...seen[0].matchAll(/(?:src|href)="(\/_next\/[^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of new Set(assets)) expect((await read(asset)).status).toBe(200);
    await read("/");

    expect((await read("/api/events?interval=30d&limit=5")).status).toBe(200);
    expect((await read("/api/events?limit=abc")).status).toBe(400);
    expect((await read("/api/events?country=USA")).status).toBe(422);
    expect((await read("/api/export?event=clicks&interval=24h&columns=time,clickId")).status).toBe(200);
    expect((await read("/api/export?columns=nope")).status).toBe(422);
    // The longest metadata query the contract allows, percent-encoded past 89 KB, is read, not refused with a bare 431.
    const longest = new URLSearchParams({
      event: "leads",
      interval: "all",
      query: `metadata['plan']:'${"€".repeat(9_981)}'`,
    });
    expect((await read(`/api/events?${longest.toString()}`)).status).toBe(200);
    // A state change without the CSRF token is refused first; with it, /api/events still serves no other method.
    const token = "ab".repeat(24);
    for (const method of ["POST", "DELETE"]) {
      const tokenless = await fetch(`${base}/api/events`, { method });
      expect(tokenless.status).toBe(403);
      expect(tokenless.headers.get("content-type")).toBe("application/json");
      const refused = await fetch(`${base}/api/events`, {
        method,
        headers: { cookie: `linklens_csrf=${token}`, "x-linklens-csrf": token },
      });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("content-type")).toBe("application/json");
    }

    const everything = [...seen, ...files(join(ROOT, DIST, "static")).map((f) => readFileSync(f, "utf8"))].join("\n");
    expect(everything.length).toBeGreaterThan(10_000);
    expect(everything).toContain('"event":"click"');
    expect(everything).not.toContain(KEY);
    expect(logs).not.toContain(KEY);
  }, 60_000);
});
