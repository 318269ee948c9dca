import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { ResponseCache } from "./cache";
import type { Proxy } from "./upstreamProxy";
import { dashboardRequest, visible } from "./testing/env";
import { FakeClock } from "./testing/fakeClock";
import { proxyFor } from "./testing/testProxy";
import { closedPortUrl, startCountingProxy, startHungServer } from "./testing/servers";
import { track } from "./testing/track";

/**
 * The proxy's behaviour against the platform, each test on a proxy of its own (configuration,
 * cache, budgets) and a FakeClock it moves itself. The route wiring and the contract's refusals:
 * app/api/events/route.int.test.ts.
 */

const platform = inject("platformUrl");
const KEY = "demo_business_key";

/** GET /api/events through `proxy`. */
const eventsVia =
  (proxy: Proxy) =>
  (query: string, init: RequestInit = {}): Promise<Response> =>
    proxy.forward("events", dashboardRequest(`/api/events${query ? `?${query}` : ""}`, init));

/** What Next aborts a route handler's `request.signal` with when the browser disconnects. */
function responseAborted(): Error {
  return Object.assign(new Error("This operation was aborted"), { name: "ResponseAborted" });
}

describe("the proxy against the platform", () => {
  const logged: string[] = [];

  beforeAll(() => {
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void logged.push(args.map(String).join(" ")),
      );
    }
  });
  afterAll(() => {
    vi.restoreAllMocks();
    expect(logged.join("\n")).not.toContain(KEY);
  });

  it("passes a 401 through for a key the platform does not know", async () => {
    const response = await eventsVia(proxyFor(platform, "not_a_real_key_123"))("interval=7d&limit=1");
    expect(response.status).toBe(401);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("unauthorized");
    const direct = await fetch(`${platform}/events?interval=7d&limit=1`, {
      headers: { Authorization: "Bearer not_a_real_key_123" },
    });
    expect(body).toEqual(await direct.json());
    expect(body.error.message).not.toContain("not_a_real_key_123");
  });

  it("passes a 403 through for a plan below Business", async () => {
    const response = await eventsVia(proxyFor(platform, "demo_pro_key"))("interval=7d&limit=1");
    expect(response.status).toBe(403);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("forbidden");
    expect(body.error.message).toMatch(/plan/i);
  });

  it("maps an unreachable platform to a 502 in the spec's shape, without the socket's error", async () => {
    const url = await closedPortUrl();
    const response = await eventsVia(proxyFor(url, KEY))("limit=1");
    expect(response.status).toBe(502);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe("internal_server_error");
    // Refused, reset and unresolvable read alike: the page is no port scanner.
    expect(body.error.message).toBe("The link platform could not be reached.");
    expect(body.error.message).not.toContain(new URL(url).port);
  });

  it("maps a platform that never answers to a 504 when the timeout ends, not before", async () => {
    const hung = await startHungServer();
    try {
      const clock = new FakeClock();
      const answer = eventsVia(proxyFor(hung.url, KEY, { clock, env: { LINK_API_TIMEOUT_MS: "600" } }))("limit=1");
      const answered = track(answer);
      await hung.until(() => hung.requests.received === 1);
      await clock.advance(599);
      expect(answered.value).toBeUndefined();
      await clock.advance(1);
      const response = await answer;
      expect(clock.now()).toBe(600);
      expect(response.status).toBe(504);
      const body = errorBodySchema.parse(await response.json());
      expect(body.error).toMatchObject({
        code: "internal_server_error",
        message: "The link platform did not answer within 0.6 s.",
      });
    } finally {
      await hung.close();
    }
  });

  it("says clearly when the dashboard is not configured", async () => {
    const insecure = await eventsVia(proxyFor("http://api.example.com", KEY))("limit=1");
    expect(insecure.status).toBe(500);
    expect((await insecure.json()).error.message).toMatch(/must use https:\/\//);
    const keyless = await eventsVia(proxyFor(platform, ""))("limit=1");
    expect(keyless.status).toBe(500);
    expect((await keyless.json()).error.message).toMatch(/LINK_API_KEY is not set/);
  });

  it("answers ten viewers of the same URL with one upstream request", async () => {
    const upstream = await startCountingProxy(platform, { hold: (n) => n === 1 });
    try {
      const get = eventsVia(proxyFor(upstream.url, KEY));
      const pending = Array.from({ length: 10 }, () => get("interval=30d&country=US&limit=20"));
      // The first viewer's request stays upstream until all ten are waiting on it.
      await upstream.until(() => upstream.count() === 1);
      upstream.release();
      const responses = await Promise.all(pending);
      const bodies = await Promise.all(responses.map((r) => r.text()));
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(new Set(bodies).size).toBe(1);
      expect(upstream.count("/events")).toBe(1);
      expect(responses.map((r) => r.headers.get("x-linklens-cache")).sort()).toEqual([
        "miss",
        ...Array<string>(9).fill("shared"),
      ]);
      for (const r of responses) expect(r.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      // The same view again within the TTL (the clock has not moved), and with its parameters in another order or spelling.
      const again = await get("interval=30d&country=US&limit=20");
      await get("limit=20&country=us&interval=30d&page=1&sortOrder=desc");
      expect(upstream.count("/events")).toBe(1);
      // A kept reply's window is long gone: the limit still holds, its remaining and reset do not.
      expect(await again.text()).toBe(bodies[0]);
      expect(again.headers.get("x-linklens-cache")).toBe("hit");
      expect(again.headers.get("x-ratelimit-limit")).toBe(responses[0].headers.get("x-ratelimit-limit"));
      expect(again.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      expect(again.headers.get("x-ratelimit-remaining")).toBeNull();
      expect(again.headers.get("x-ratelimit-reset")).toBeNull();
      await get("interval=30d&country=US&limit=21");
      expect(upstream.count("/events")).toBe(2);
    } finally {
      await upstream.close();
    }
  });

  it("keeps entries apart per key, in a cache the keys share", async () => {
    const upstream = await startCountingProxy(platform);
    try {
      const clock = new FakeClock();
      const cache = new ResponseCache({ now: () => clock.now() });
      expect((await eventsVia(proxyFor(upstream.url, KEY, { clock, cache }))("interval=7d&limit=2")).status).toBe(200);
      const other = await eventsVia(proxyFor(upstream.url, "demo_advanced_key", { clock, cache }))(
        "interval=7d&limit=2",
      );
      expect(other.status).toBe(200);
      expect(upstream.seen.map((s) => s.authorization)).toEqual([`Bearer ${KEY}`, "Bearer demo_advanced_key"]);
    } finally {
      await upstream.close();
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
        const clock = new FakeClock();
        const answer = eventsVia(proxyFor(baseUrl, secret, { clock, env: { LINK_API_TIMEOUT_MS: "300" } }))(query);
        if (baseUrl === hung.url) {
          await hung.until(() => hung.requests.received === 1);
          await clock.advance(300);
        }
        seen.push(await visible(await answer));
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

  it("a page asking for what a queued prefetch loads joins it at the page's priority: it leaves before the views queued meanwhile", async () => {
    const upstream = await startCountingProxy(platform, { hold: () => true });
    try {
      const clock = new FakeClock();
      const get = eventsVia(proxyFor(upstream.url, KEY, { clock }));
      const page = (n: number, priority: number) =>
        get(`interval=7d&limit=1&page=${n}`, { headers: { "X-Linklens-Priority": String(priority) } });
      // The first window's two turns (the limit is not learned while replies are held), then a prefetch of page 9.
      const answers = [page(2, 10), page(3, 10)];
      await upstream.until(() => upstream.count() === 2);
      answers.push(page(9, -10));
      await clock.advance(0);
      // Views of other pages queue ahead of the prefetch; then the page itself asks for page 9.
      for (const n of [4, 5, 6]) answers.push(page(n, 5));
      await clock.advance(0);
      const joined = page(9, 10);
      upstream.release();
      await clock.advance(1_100);
      await upstream.until(() => upstream.count() === 4);
      const pages = upstream.seen.map((s) => new URLSearchParams(s.path.split("?")[1]).get("page"));
      expect(pages).toEqual(["2", "3", "9", "4"]);
      await clock.advance(2_200);
      const response = await joined;
      expect(response.status).toBe(200);
      expect(response.headers.get("x-linklens-cache")).toBe("shared");
      expect((await Promise.all(answers)).map((r) => r.status)).toEqual(Array<number>(6).fill(200));
    } finally {
      await upstream.close();
    }
  });

  describe("requests the browser abandoned", () => {
    it("leave the rate budget's queue unsent, while an identical request still waiting is answered", async () => {
      const upstream = await startCountingProxy(platform, { hold: () => true });
      try {
        const clock = new FakeClock();
        const get = eventsVia(proxyFor(upstream.url, KEY, { clock }));
        const loggedBefore = logged.length;
        const page = (n: number, signal?: AbortSignal) => get(`interval=7d&limit=1&page=${n}`, { signal });
        // Until it learns the key's limit the budget allows 2 a window: pages 2 and 3 leave now, the rest queue.
        const first = [page(2), page(3)];
        const leaving = new AbortController();
        const abandoned = new AbortController();
        const sharedLeft = page(4, leaving.signal);
        const sharedStays = page(4, new AbortController().signal);
        const gone = page(5, abandoned.signal);
        const kept = page(6);
        await upstream.until(() => upstream.count() === 2);
        leaving.abort(responseAborted());
        abandoned.abort(responseAborted());
        await Promise.all([sharedLeft, gone]);
        // Answered at once: the clock has not moved, so nothing left the queue for them.
        expect(clock.now()).toBe(0);
        upstream.release();
        await clock.advance(1_100);
        const answered = await Promise.all([...first, sharedStays, kept]);
        expect(answered.map((r) => r.status)).toEqual([200, 200, 200, 200]);
        const pages = upstream.seen.map((s) => new URLSearchParams(s.path.split("?")[1]).get("page"));
        expect(pages.sort()).toEqual(["2", "3", "4", "6"]);
        expect(logged.slice(loggedBefore)).toEqual([]);
      } finally {
        await upstream.close();
      }
    });

    it("leave the upstream request in flight to those still waiting on it", async () => {
      const upstream = await startCountingProxy(platform, { hold: () => true });
      try {
        const get = eventsVia(proxyFor(upstream.url, KEY));
        const loggedBefore = logged.length;
        const leaving = new AbortController();
        const left = get("interval=7d&limit=1&page=7", { signal: leaving.signal });
        const stays = get("interval=7d&limit=1&page=7", { signal: new AbortController().signal });
        await upstream.until(() => upstream.count() === 1);
        leaving.abort(responseAborted());
        expect(errorBodySchema.safeParse(await (await left).json()).success).toBe(true);
        upstream.release();
        const response = await stays;
        expect(response.status).toBe(200);
        expect(response.headers.get("x-linklens-cache")).toBe("shared");
        expect(upstream.seen).toMatchObject([{ status: 200, abandoned: false }]);
        expect(logged.slice(loggedBefore)).toEqual([]);
      } finally {
        await upstream.close();
      }
    });

    it("cancel the upstream request in flight once no one waits for it, quietly", async () => {
      const hung = await startHungServer();
      try {
        const clock = new FakeClock();
        const get = eventsVia(proxyFor(hung.url, KEY, { clock, env: { LINK_API_TIMEOUT_MS: "10000" } }));
        const loggedBefore = logged.length;
        const a = new AbortController();
        const b = new AbortController();
        const both = [get("limit=1", { signal: a.signal }), get("limit=1", { signal: b.signal })];
        await hung.until(() => hung.requests.received === 1);
        expect(hung.requests).toEqual({ received: 1, abandoned: 0 });
        a.abort(responseAborted());
        b.abort(responseAborted());
        const responses = await Promise.all(both);
        // Answered at once, not when the 10 s timeout would have ended.
        expect(clock.now()).toBe(0);
        for (const response of responses) expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
        await hung.until(() => hung.requests.abandoned === 1);
        expect(hung.requests).toEqual({ received: 1, abandoned: 1 });
        expect(logged.slice(loggedBefore)).toEqual([]);
      } finally {
        await hung.close();
      }
    });
  });
});
