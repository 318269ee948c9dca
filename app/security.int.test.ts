import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "@/lib/contract/errors";
import { nodeOptionsWithHeaderLimit } from "@/lib/http/headerLimit.mjs";
import { closedPortUrl } from "@/lib/upstream/testing/servers";
import { ChildOutput } from "@/scripts/testing/childOutput";
import { DIST, NEXT, ROOT, ensureBuild, waitUntilUp } from "@/scripts/testing/nextBuild";

/**
 * The built dashboard with sign-in, behind an https PUBLIC_URL, attacked over real sockets: each
 * client connects from its own loopback address (127.0.0.x), so the server tells them apart by
 * socket as it would tell apart people on the internet, whatever X-Forwarded-For they send.
 */

const PUBLIC = "https://linklens.example";
const PASSWORD = "the owner's long password";
const CSRF = "ab".repeat(24);
const STRANGER = "127.0.0.2";
const OWNER = "127.0.0.3";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

describe("the built dashboard against an attacker", () => {
  let server: ChildProcess;
  let port = 0;
  let dataDir = "";
  let printed: ChildOutput;
  let session = "";

  /** A request as a browser on the dashboard's page sends it, from the socket address `from`. */
  function call(
    path: string,
    {
      method = "GET",
      body,
      from = OWNER,
      headers = {},
    }: { method?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const sent = httpRequest(
        {
          host: "127.0.0.1",
          port,
          localAddress: from,
          method,
          path,
          headers: {
            host: new URL(PUBLIC).host,
            origin: PUBLIC,
            "sec-fetch-site": "same-origin",
            cookie: [`linklens_csrf=${CSRF}`, session].filter(Boolean).join("; "),
            "x-linklens-csrf": CSRF,
            ...(payload ? { "content-type": "application/json" } : {}),
            ...headers,
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
        },
      );
      sent.on("error", reject);
      sent.end(payload);
    });
  }

  const signIn = (email: string, password: string, from: string, forwardedFor?: string) =>
    call("/api/auth/sign-in/email", {
      method: "POST",
      body: { email, password },
      from,
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    });

  beforeAll(async () => {
    ensureBuild();
    port = Number(new URL(await closedPortUrl()).port);
    dataDir = mkdtempSync(join(tmpdir(), "linklens-security-"));
    server = spawn(process.execPath, [NEXT, "start", "-H", "127.0.0.1", "-p", String(port)], {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_DIST_DIR: DIST,
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_OPTIONS: nodeOptionsWithHeaderLimit(process.env.NODE_OPTIONS),
        LINK_API_BASE_URL: inject("platformUrl"),
        LINK_API_KEY: "demo_business_key",
        LINK_WORKSPACE_SLUG: "acme",
        DASHBOARD_DATA: join(dataDir, "dashboard"),
        LINKLENS_SECRET: "security-secret-security-secret-security",
        PUBLIC_URL: PUBLIC,
        PORT: String(port),
        TRUSTED_PROXIES: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    printed = new ChildOutput(server, "next start");
    await waitUntilUp(`http://127.0.0.1:${port}/api/me`, server);
    const [, token] = await printed.match(/Create the first owner at \S+\/setup\/(\S+)/, 60_000);
    const created = await call("/api/setup", {
      method: "POST",
      body: { token, name: "Olivia Owner", email: "owner@acme.example", password: PASSWORD },
    });
    expect(created.status, `${created.text}\n${printed.all.slice(-3000)}`).toBe(201);
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("a stranger's guesses, each under another forged X-Forwarded-For, count as one client's, and lock out no one but that client", async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn("owner@acme.example", `guess ${i}`, STRANGER, `198.51.100.${i}`)).status).toBe(401);
    expect((await signIn("owner@acme.example", PASSWORD, STRANGER, "198.51.100.200")).status).toBe(429);
    const owner = await signIn("owner@acme.example", PASSWORD, OWNER);
    expect(owner.status, owner.text).toBe(200);
  });

  it("a stranger forging someone's address does not put them in one bucket", async () => {
    const from = "127.0.0.4";
    for (let i = 0; i < 20; i++) await signIn(`nobody${i}@acme.example`, "wrong password", from, "192.0.2.9");
    expect((await signIn("nobody@acme.example", "wrong password", from, "192.0.2.9")).status).toBe(429);
    expect((await signIn("owner@acme.example", PASSWORD, "127.0.0.5", "192.0.2.9")).status).toBe(200);
  });

  it("better-auth's own limiter: clients sending several X-Forwarded-For entries do not share one bucket", async () => {
    for (let i = 0; i < 5; i++)
      await call("/api/auth/sign-in/social", {
        method: "POST",
        body: { provider: "none" },
        from: "127.0.0.6",
        headers: { "x-forwarded-for": "192.0.2.1, 192.0.2.2" },
      });
    expect(
      (await call("/api/auth/sign-in/social", { method: "POST", body: { provider: "none" }, from: "127.0.0.6" }))
        .status,
    ).toBe(429);
    const other = await call("/api/auth/sign-in/social", {
      method: "POST",
      body: { provider: "none" },
      from: "127.0.0.7",
      headers: { "x-forwarded-for": "192.0.2.3, 192.0.2.4" },
    });
    expect(other.status).not.toBe(429);
  });

  it("behind an https PUBLIC_URL every answer carries Strict-Transport-Security", async () => {
    // /api/events and /api/s/…/analytics: reads answered before Next's router (lib/server/directReads.ts).
    for (const path of ["/api/me", "/sign-in", "/api/nope", "/api/events?limit=1", "/api/s/no-such-token/analytics"])
      expect((await call(path)).headers["strict-transport-security"], path).toBe("max-age=31536000");
  });

  it("a view's reads, answered before Next's router, refuse what proxy.ts refuses, with its headers", async () => {
    const otherSites: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of otherSites) {
      const refused = await call("/api/events?limit=1", { headers });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(errorBodySchema.parse(JSON.parse(refused.text)).error.code).toBe("forbidden");
      expect(refused.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(refused.headers["x-frame-options"]).toBe("DENY");
    }
    const rebound = await call("/api/w/acme/analytics", { headers: { host: "evil.example" } });
    expect(rebound.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(rebound.text)).error.code).toBe("bad_request");
  });

  it.each([
    "/api/w/%00/events",
    "/api/w/%ff/events",
    "/api/w/%E0%A4%A/analytics",
    "/api/w/acme/views/%00",
    "/api/s/%00/analytics",
    "/api/s/%ff/events",
    "/api/w/%0a/shares",
  ])("GET %s is a 400 in the error shape, not a 500", async (path) => {
    const answer = await call(path);
    expect(answer.status, answer.text).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(answer.text)).error.code).toBe("bad_request");
  });

  it.each(["/w/%00", "/w/%ff", "/w/%ff/settings", "/s/%00", "/s/%c0%af", "/invite/%ff"])(
    "the page %s answers 400, not 500",
    async (path) => {
      expect((await call(path)).status).toBe(400);
    },
  );

  it("POST /api/s/%ff/unlock is a 400 too", async () => {
    expect((await call("/api/s/%ff/unlock", { method: "POST", body: { password: "x" } })).status).toBe(400);
  });

  describe("after sign-in, next= never leads off-site", () => {
    const HOSTILE = [
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%0d%0a/evil.example",
      "%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%5C%09/evil.example",
      "/.//evil.example",
      "https://evil.example",
      "/%00",
    ];

    it.each(HOSTILE)("signed in, /sign-in?next=%s answers 307 to a path of this dashboard", async (next) => {
      const signedIn = await signIn("owner@acme.example", PASSWORD, "127.0.0.8");
      expect(signedIn.status).toBe(200);
      const cookies = ([] as string[]).concat(signedIn.headers["set-cookie"] ?? []);
      session = cookies.map((c) => c.split(";")[0]).join("; ");
      try {
        const answer = await call(`/sign-in?next=${next}`);
        expect(answer.status, answer.text.slice(0, 300)).toBe(307);
        const location = String(answer.headers.location);
        expect(new URL(location, PUBLIC).origin).toBe(PUBLIC);
        expect(location).not.toMatch(/^\/\/|^\/\\|[\t\n\r]/);
      } finally {
        session = "";
      }
    });

    it.each(HOSTILE)(
      "signed out, the sign-in page for next=%s sends the browser to a path of this dashboard",
      async (next) => {
        const page = await call(`/sign-in?next=${next}`);
        expect(page.status).toBe(200);
        // The form's destination, as the page's script receives it.
        const sent = [...page.text.matchAll(/\\?"next\\?":\\?"([^"\\]*)/g)].map((m) => m[1]);
        expect(sent.length).toBeGreaterThan(0);
        for (const target of sent) {
          expect(new URL(target, PUBLIC).origin).toBe(PUBLIC);
          expect(target).not.toMatch(/^\/\/|^\/\\/);
        }
      },
    );
  });
});
