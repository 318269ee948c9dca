import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPortUrl } from "@/lib/upstream/testing/servers";
import { ChildOutput } from "@/scripts/testing/childOutput";
import { DIST, ROOT, ensureBuild } from "@/scripts/testing/nextBuild";
import { firstWarmUpPaths, machineZone, workspaceWarmUpPath } from "./warmUp.mjs";

/** `npm start` as a new user runs it: seeds, starts the platform and the dashboard, stops both on Ctrl-C. */

function startScript(env: Record<string, string>): { child: ChildProcess; output: () => string; printed: ChildOutput } {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NEXT_DIST_DIR: DIST,
      NEXT_TELEMETRY_DISABLED: "1",
      LINK_API_BASE_URL: "",
      LINK_API_KEY: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const printed = new ChildOutput(child, "npm start");
  return { child, output: () => printed.all, printed };
}

/** The Clicks tile's value as the server's HTML writes it (null: the HTML came without the key figures). */
function clicksInHtml(html: string): string | null {
  return /id="kpi-clicks"[\s\S]*?data-kpi-value[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
}

function listening(port: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => (socket.destroy(), resolve(false)));
  });
}

describe("npm start", () => {
  it("refuses a platform address that is neither https nor loopback, before starting anything", async () => {
    const { child, output } = startScript({ LINK_API_BASE_URL: "http://api.example.com", LINK_API_KEY: "some_key" });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(output()).toMatch(/https/);
    expect(output()).not.toContain("some_key");
  });

  it("refuses to serve beyond loopback without sign-in, naming what to set, before starting anything", async () => {
    const { child, output } = startScript({ HOST: "0.0.0.0", LINKLENS_SECRET: "", PUBLIC_URL: "" });
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(2);
    expect(output()).toMatch(/HOST=0\.0\.0\.0 .* needs sign-in\. Set LINKLENS_SECRET .* and PUBLIC_URL/);
    const half = startScript({ HOST: "192.0.2.10", LINKLENS_SECRET: "x".repeat(40), PUBLIC_URL: "" });
    expect(((await once(half.child, "exit")) as [number | null])[0]).toBe(2);
    expect(half.output()).toMatch(/Set PUBLIC_URL/);
  });

  describe("with the embedded platform", () => {
    let dir: string;
    let start: ReturnType<typeof startScript>;
    let port: string;
    let platformPort: string;

    beforeAll(async () => {
      ensureBuild();
      dir = await mkdtemp(join(tmpdir(), "linklens-start-"));
      port = new URL(await closedPortUrl()).port;
      platformPort = new URL(await closedPortUrl()).port;
      start = startScript({ PORT: port, PLATFORM_PORT: platformPort, PLATFORM_DATA: join(dir, "platform.duckdb") });
      await start.printed.match(/Press Ctrl-C to stop\./, 120_000);
    }, 180_000);

    afterAll(async () => {
      if (start?.child.exitCode === null) start.child.kill("SIGKILL");
      await rm(dir, { recursive: true, force: true });
    });

    it("the first view a person opens once it says it started already holds its key figures in the HTML, at / and at /w/<slug>", async () => {
      // Not the view the start warmed (the machine's zone, the default range): a teammate's shared URL, by plain HTTP.
      const view = "interval=30d&timezone=Asia%2FTokyo";
      const home = await (await fetch(`http://127.0.0.1:${port}/?${view}`)).text();
      expect(clicksInHtml(home)).toMatch(/^[1-9][\d,]*$/);
      const slug = /<meta name="linklens-workspace" content="([^"]+)"/.exec(home)?.[1];
      expect(slug).toBeTruthy();
      const shared = await (
        await fetch(`http://127.0.0.1:${port}/w/${slug}?interval=7d&timezone=America%2FChicago`)
      ).text();
      expect(clicksInHtml(shared)).toMatch(/^[1-9][\d,]*$/);
    });

    it("warms what a view's first render does: the pages it asks for before Started render the first screen with its figures", async () => {
      const zone = machineZone();
      const warmed = firstWarmUpPaths(zone).at(-1) ?? "";
      const home = await (await fetch(`http://127.0.0.1:${port}${warmed}`)).text();
      expect(clicksInHtml(home)).toMatch(/^[1-9][\d,]*$/);
      const workspace = workspaceWarmUpPath(home, zone);
      expect(workspace).toMatch(/^\/w\/[^/?]+\?timezone=/);
      expect(clicksInHtml(await (await fetch(`http://127.0.0.1:${port}${workspace}`)).text())).toMatch(/^[1-9][\d,]*$/);
    });

    it("seeds on first start, then serves the dashboard against the platform and prints both addresses", async () => {
      expect(existsSync(join(dir, "platform.duckdb"))).toBe(true);
      expect(start.output()).toContain(`Linklens dashboard: http://127.0.0.1:${port}`);
      expect(start.output()).toContain(`Embedded platform: http://127.0.0.1:${platformPort}`);
      expect(start.output()).toMatch(/Platform data \(events, links, keys\): .*platform\.duckdb/);
      expect(start.output()).toContain("Dashboard data (workspaces, members, saved views): ");
      expect(start.output(), "Next's banner is left out").not.toMatch(/▲ Next\.js|- Local:/);
      expect(start.output(), "the instrumentation's start-up marker is left out").not.toContain("start-up done");
      const page = await fetch(`http://127.0.0.1:${port}/?event=sales&interval=30d`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Linklens");
      const events = await fetch(`http://127.0.0.1:${port}/api/events?interval=7d&limit=3`);
      expect(events.status).toBe(200);
      expect(await events.json()).toHaveLength(3);
    });

    it("stops the dashboard and the platform on Ctrl-C", async () => {
      const exited = once(start.child, "exit");
      start.child.kill("SIGINT");
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      expect(await listening(port)).toBe(false);
      expect(await listening(platformPort)).toBe(false);
    }, 20_000);
  });
});
