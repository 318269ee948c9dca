import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { GET } from "../../app/api/events/route";
import { useUpstream, visible } from "./testing/env";
import { expectRelayedMiss, itRefusesBeforeUpstream, routeUnderTest } from "./testing/route";
import { closedPortUrl, startCountingProxy, startHungServer, type CountingProxy, type TestServer } from "./testing/servers";

const platform = inject("platformUrl");
const KEY = "demo_business_key";
const route = routeUnderTest(platform, "/events", GET, KEY);
const { direct, proxied } = route;

/** What Next aborts a route handler's `request.signal` with when the browser disconnects. */
function responseAborted(): Error {
  return Object.assign(new Error("This operation was aborted"), { name: "ResponseAborted" });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("GET /api/events against the platform", () => {
  let counter: CountingProxy;
  const logged: string[] = [];

  beforeAll(async () => {
    counter = await startCountingProxy(platform);
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    }
  });
  beforeEach(() => useUpstream(platform, KEY));
  afterAll(async () => {
    await counter.close();
    vi.restoreAllMocks();
    expect(logged.join("\n")).not.toContain(KEY);
  });

  it.each([
    "",
    "interval=30d",
    "event=leads&interval=90d&limit=50",
    "event=sales&interval=all&sortOrder=asc&limit=25",
    "event=sales&interval=all&saleType=recurring",
    "country=us,DE&device=-Mobile&interval=30d&page=2",
    "interval=30d&trigger=qr,pageview&limit=7",
    "interval=all&referer=(direct)&continent=-EU,NA",
    "event=leads&interval=all&query=metadata['plan']:'pro'",
    "interval=all&order=asc&qr=false&limit=3",
    "interval=90d&timezone=Europe/Berlin&limit=1000",
    "start=2020-01-01&end=2020-01-02",
  ])("relays ?%s with the platform's exact body", async (query) => {
    const [viaProxy, viaPlatform] = await Promise.all([proxied(query), direct(query)]);
    await expectRelayedMiss(viaProxy, viaPlatform);
  });

  describe("refuses a bad query before any upstream call, with the platform's own error", () => {
    itRefusesBeforeUpstream(route, KEY, () => counter, [
      ["limit=abc", 400],
      ["page=1&page=2", 400],
      ["start=yesterday", 400],
      ["root=maybe", 400],
      ["limit=5000", 422],
      ["event=views", 422],
      ["country=USA", 422],
      ["key=spring", 422],
      ["externalId=123", 422],
      ["query=metadata['plan']:'pro'", 422],
      ["timezone=Mars/Olympus", 422],
    ]);
  });

  it("passes a 401 through for a key the platform does not know", async () => {
    useUpstream(platform, "not_a_real_key_123");
    const response = await proxied("interval=7d&limit=1");
    expect(response.status).toBe(401);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("unauthorized");
    expect(body).toEqual(await (await direct("interval=7d&limit=1", "not_a_real_key_123")).json());
    expect(body.error.message).not.toContain("not_a_real_key_123");
  });

  it("passes a 403 through for a plan below Business", async () => {
    useUpstream(platform, "demo_pro_key");
    const response = await proxied("interval=7d&limit=1");
    expect(response.status).toBe(403);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("forbidden");
    expect(body.error.message).toMatch(/plan/i);
  });

  it("maps an unreachable platform to a 502 in the spec's shape", async () => {
    const url = await closedPortUrl();
    useUpstream(url, KEY);
    const response = await proxied("limit=1");
    expect(response.status).toBe(502);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("internal_server_error");
    expect(body.error.message).toContain(`The link platform at ${new URL(url).host} could not be reached`);
  });

  it("maps a platform that never answers to a 504 within the timeout", async () => {
    const hung: TestServer = await startHungServer();
    try {
      useUpstream(hung.url, KEY, { LINK_API_TIMEOUT_MS: "600" });
      const started = Date.now();
      const response = await proxied("limit=1");
      const took = Date.now() - started;
      expect(response.status).toBe(504);
      expect(took).toBeGreaterThanOrEqual(550);
      expect(took).toBeLessThan(3000);
      const body = errorBodySchema.parse(await response.json());
      expect(body.error).toMatchObject({ code: "internal_server_error", message: "The link platform did not answer within 0.6 s." });
    } finally {
      await hung.close();
    }
  });

  it("says clearly when the dashboard is not configured", async () => {
    useUpstream("http://api.example.com", KEY);
    const insecure = await proxied("limit=1");
    expect(insecure.status).toBe(500);
    expect((await insecure.json()).error.message).toMatch(/must use https:\/\//);
    delete process.env.LINK_API_KEY;
    const keyless = await proxied("limit=1");
    expect((await keyless.json()).error.message).toMatch(/LINK_API_KEY is not set/);
  });

  it("answers ten viewers of the same URL with one upstream request", async () => {
    const fresh = await startCountingProxy(platform, { delayMs: 100 });
    try {
      useUpstream(fresh.url, KEY);
      const responses = await Promise.all(Array.from({ length: 10 }, () => proxied("interval=30d&country=US&limit=20")));
      const bodies = await Promise.all(responses.map((r) => r.text()));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(new Set(bodies).size).toBe(1);
      expect(fresh.count("/events")).toBe(1);
      expect(responses.map((r) => r.headers.get("x-linklens-cache")).sort()).toEqual(["miss", ...Array<string>(9).fill("shared")]);
      for (const r of responses) expect(r.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      // The same view again within the TTL, and with its parameters in another order or spelling.
      const again = await proxied("interval=30d&country=US&limit=20");
      await proxied("limit=20&country=us&interval=30d&page=1&sortOrder=desc");
      expect(fresh.count("/events")).toBe(1);
      // A kept reply's window is long gone: the limit still holds, its remaining and reset do not.
      expect(await again.text()).toBe(bodies[0]);
      expect(again.headers.get("x-linklens-cache")).toBe("hit");
      expect(again.headers.get("x-ratelimit-limit")).toBe(responses[0].headers.get("x-ratelimit-limit"));
      expect(again.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      expect(again.headers.get("x-ratelimit-remaining")).toBeNull();
      expect(again.headers.get("x-ratelimit-reset")).toBeNull();
      await proxied("interval=30d&country=US&limit=21");
      expect(fresh.count("/events")).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it("keeps entries apart per key", async () => {
    const fresh = await startCountingProxy(platform);
    try {
      useUpstream(fresh.url, KEY);
      expect((await proxied("interval=7d&limit=2")).status).toBe(200);
      useUpstream(fresh.url, "demo_advanced_key");
      const other = await proxied("interval=7d&limit=2");
      expect(other.status).toBe(200);
      expect(fresh.seen.map((s) => s.authorization)).toEqual([`Bearer ${KEY}`, "Bearer demo_advanced_key"]);
    } finally {
      await fresh.close();
    }
  });

  it("never lets the key reach a response, in success or failure", async () => {
    const secret = "sk_live_SENTINEL_4c1f9e";
    const hung = await startHungServer();
    const echo = await startCountingProxy(platform);
    try {
      const seen: string[] = [];
      const scenarios: [string, string][] = [
        [echo.url, "interval=7d&limit=1"],
        [echo.url, "limit=abc"],
        [await closedPortUrl(), "limit=1"],
        [hung.url, "limit=1"],
        ["http://api.example.com", "limit=1"],
      ];
      for (const [baseUrl, query] of scenarios) {
        useUpstream(baseUrl, secret, { LINK_API_TIMEOUT_MS: "300" });
        seen.push(await visible(await proxied(query)));
      }
      expect(echo.seen.some((s) => s.authorization === `Bearer ${secret}`)).toBe(true);
      expect(seen.join("\n")).not.toContain(secret);
      expect(seen.join("\n")).not.toContain("SENTINEL");
      expect(logged.join("\n")).not.toContain(secret);
    } finally {
      await hung.close();
      await echo.close();
    }
  });

  describe("requests the browser abandoned", () => {
    it("leave the rate budget's queue unsent, while an identical request still waiting is answered", async () => {
      const fresh = await startCountingProxy(platform, { delayMs: 300 });
      try {
        useUpstream(fresh.url, KEY);
        const loggedBefore = logged.length;
        const page = (n: number, signal?: AbortSignal) => proxied(`interval=7d&limit=1&page=${n}`, { signal });
        // Until it learns the key's limit the budget allows 2 a second: pages 2 and 3 leave now, the rest queue.
        const first = [page(2), page(3)];
        const leaving = new AbortController();
        const abandoned = new AbortController();
        const sharedLeft = page(4, leaving.signal);
        const sharedStays = page(4, new AbortController().signal);
        const gone = page(5, abandoned.signal);
        const kept = page(6);
        await sleep(100);
        const abortedAt = Date.now();
        leaving.abort(responseAborted());
        abandoned.abort(responseAborted());
        await Promise.all([sharedLeft, gone]);
        expect(Date.now() - abortedAt).toBeLessThan(500);
        const answered = await Promise.all([...first, sharedStays, kept]);
        expect(answered.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        const pages = fresh.seen.map((s) => new URLSearchParams(s.path.split("?")[1]).get("page"));
        expect(pages.sort()).toEqual(["2", "3", "4", "6"]);
        expect(logged.slice(loggedBefore)).toEqual([]);
      } finally {
        await fresh.close();
      }
    });

    it("cancel the upstream request in flight once no one waits for it, quietly", async () => {
      const hung = await startHungServer();
      try {
        useUpstream(hung.url, KEY, { LINK_API_TIMEOUT_MS: "10000" });
        const loggedBefore = logged.length;
        const a = new AbortController();
        const b = new AbortController();
        const both = [proxied("limit=1", { signal: a.signal }), proxied("limit=1", { signal: b.signal })];
        await sleep(200);
        expect(hung.requests).toEqual({ received: 1, abandoned: 0 });
        a.abort(responseAborted());
        await sleep(100);
        expect(hung.requests.abandoned).toBe(0);
        const started = Date.now();
        b.abort(responseAborted());
        const responses = await Promise.all(both);
        expect(Date.now() - started).toBeLessThan(1000);
        for (const response of responses) expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
        await sleep(100);
        expect(hung.requests).toEqual({ received: 1, abandoned: 1 });
        expect(logged.slice(loggedBefore)).toEqual([]);
      } finally {
        await hung.close();
      }
    });
  });
});
