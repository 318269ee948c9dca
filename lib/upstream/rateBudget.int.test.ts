import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "../contract/errors";
import { startPlatform, type RunningPlatform } from "../platform/testing/spawnPlatform";
import { realClock } from "./clock";
import { KeyWindow } from "./keyWindow";
import type { Proxy } from "./upstreamProxy";
import { dashboardRequest } from "./testing/env";
import { FakeClock } from "./testing/fakeClock";
import { proxyFor } from "./testing/testProxy";
import { startCountingProxy, type CountingProxy } from "./testing/servers";
import { track } from "./testing/track";

/**
 * Against a platform of our own with the real per-second limits (business: 4/s, advanced: 8/s),
 * so no other test file draws from the same windows. The platform counts those windows on its
 * own process's clock: the two tests whose subject is its windows passing run the proxy on the
 * real clock too, and assert what was sent and answered, never how long it took. The others
 * move a FakeClock.
 */

const NO_CACHE = { LINK_CACHE_TTL_MS: "0" };

/** GET /api/events through `proxy`. */
const eventsVia = (proxy: Proxy) => (query: string) =>
  proxy.forward("events", dashboardRequest(`/api/events?${query}`));

describe("rate budget against the real limits", () => {
  let platform: RunningPlatform;
  let counter: CountingProxy;

  beforeAll(async () => {
    platform = await startPlatform(["--data", inject("dataFile"), "--port", "0"]);
    counter = await startCountingProxy(platform.url);
  });
  afterAll(async () => {
    await counter?.close();
    await platform?.stop();
  });

  const upstreamSince = (before: number) => counter.seen.slice(before).filter((s) => s.path.startsWith("/events"));

  it("a burst sends what the key's window allows, as the platform's headers say, and queues the rest instead of meeting a 429", async () => {
    const clock = new FakeClock();
    const get = eventsVia(proxyFor(counter.url, "demo_advanced_key", { clock, env: NO_CACHE }));
    const before = counter.seen.length;
    const pending = Array.from({ length: 16 }, (_, i) => get(`interval=all&limit=1&page=${i + 1}`));
    const answered = pending.map(track);
    // Two leave on the guessed limit; the platform's replies name 8 a second, and six more leave at once.
    const firstWindow = await Promise.all(pending.slice(0, 8));
    expect(firstWindow.map((r) => r.status)).toEqual(Array<number>(8).fill(200));
    expect(upstreamSince(before).map((s) => s.status)).toEqual(Array<number>(8).fill(200));
    // The other eight wait for the next window: within this one nothing more leaves.
    await clock.advance(new KeyWindow().spanMs - 1);
    expect(answered.slice(8).every((a) => a.value === undefined)).toBe(true);
    expect(upstreamSince(before)).toHaveLength(8);
  });

  it("a list endpoint's per-minute window is a budget of its own: it never lets an analytics burst past the per-second limit", async () => {
    const clock = new FakeClock();
    const proxy = proxyFor(counter.url, "demo_business_key", { clock, env: NO_CACHE });
    // GET /partners counts against the standard limit: its headers name 1,200 a minute.
    const list = await proxy.send("/partners", new URLSearchParams({ pageSize: "1" }));
    expect(list.status).toBe(200);
    expect(list.headers.get("x-ratelimit-limit")).toBe("1200");
    const get = eventsVia(proxy);
    const before = counter.seen.length;
    const pending = Array.from({ length: 8 }, (_, i) => get(`interval=all&limit=1&page=${i + 1}`));
    const answered = pending.map(track);
    const firstWindow = await Promise.all(pending.slice(0, 4));
    expect(firstWindow.map((r) => r.status)).toEqual(Array<number>(4).fill(200));
    // Four a second, as the analytics headers say: the other four wait for the next window.
    await clock.advance(new KeyWindow().spanMs - 1);
    expect(answered.slice(4).every((a) => a.value === undefined)).toBe(true);
    expect(upstreamSince(before).map((s) => s.status)).toEqual(Array<number>(4).fill(200));
  });

  it("a burst through the proxy is paced over the platform's windows and every request is answered", async () => {
    const get = eventsVia(proxyFor(counter.url, "demo_business_key", { clock: realClock, env: NO_CACHE }));
    const before = counter.seen.length;
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => get(`interval=all&limit=1&page=${i + 1}`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array<number>(16).fill(200));
    // 16 requests at 4 a second: the platform accepted each one, so they spanned at least four of its windows.
    const upstream = upstreamSince(before);
    const accepted = upstream.filter((s) => s.status === 200);
    expect(accepted).toHaveLength(16);
    // Where the platform's windows fall is its clock's business: a 429, if one ever meets a window opened late, is retried, never shown.
    expect(upstream).toHaveLength(16 + upstream.filter((s) => s.status === 429).length);
  }, 30_000);

  it("when someone else spent the key's window, waits Retry-After and retries", async () => {
    const get = eventsVia(proxyFor(counter.url, "demo_advanced_key", { clock: realClock, env: NO_CACHE }));
    const before = counter.seen.length;
    // Another client of the same key (a teammate's script) spends this second's budget of 8.
    const others = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${platform.url}/events?limit=1`, { headers: { Authorization: "Bearer demo_advanced_key" } }),
      ),
    );
    expect(others.some((r) => r.status === 429)).toBe(true);
    const response = await get("interval=all&limit=2");
    expect(response.status).toBe(200);
    const statuses = counter.seen.slice(before).map((s) => s.status);
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.length).toBeLessThanOrEqual(4);
  }, 30_000);

  it("passes the 429 on, with Retry-After, when three retries run out", async () => {
    const limited = await startCountingProxy(platform.url, {
      failWith: () => ({
        status: 429,
        headers: { "retry-after": "1", "x-ratelimit-limit": "4", "x-ratelimit-remaining": "0" },
      }),
    });
    try {
      const clock = new FakeClock();
      const pending = eventsVia(proxyFor(limited.url, "demo_business_key", { clock, env: NO_CACHE }))(
        "interval=all&limit=3",
      );
      const answered = track(pending);
      for (let retry = 1; retry <= 3; retry++) {
        // The 429 asked for a pause of 1 s: the budget holds the retry until then.
        await clock.scheduled(retry * 1000);
        expect(answered.value).toBeUndefined();
        expect(limited.count("/events")).toBe(retry);
        await clock.advance(1000);
      }
      const response = await pending;
      expect(clock.now()).toBe(3000);
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(limited.count("/events")).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it("a Retry-After longer than a request may wait goes to the browser at once, and the key stays paused without upstream requests", async () => {
    const limited = await startCountingProxy(platform.url, {
      failWith: (n) =>
        n === 1
          ? { status: 429, headers: { "retry-after": "120", "x-ratelimit-limit": "4", "x-ratelimit-remaining": "0" } }
          : undefined,
    });
    try {
      const clock = new FakeClock();
      const get = eventsVia(proxyFor(limited.url, "demo_business_key", { clock, env: NO_CACHE }));
      const response = await get("interval=all&limit=4");
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("120");
      const next = await get("interval=all&limit=5");
      // Both answered without the clock moving: nothing waited.
      expect(clock.now()).toBe(0);
      expect(next.status).toBe(429);
      expect(Number(next.headers.get("retry-after"))).toBeGreaterThanOrEqual(118);
      expect(Number(next.headers.get("retry-after"))).toBeLessThanOrEqual(120);
      expect(errorBodySchema.parse(await next.json()).error.code).toBe("rate_limit_exceeded");
      expect(limited.count("/events")).toBe(1);
    } finally {
      await limited.close();
    }
  });
  describe("keys limited per minute, or refused by plan", () => {
    const analyticsVia = (proxy: Proxy) => (query: string) =>
      proxy.forward("analytics", dashboardRequest(`/api/analytics?${query}`));

    it("the window's length is learned from the platform's own headers: per second for analytics keys, per minute for a free key", async () => {
      const read = async (key: string) => {
        const window = new KeyWindow();
        const response = await fetch(`${platform.url}/analytics?interval=7d`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        window.observe(response.headers, Date.now(), 0);
        return { status: response.status, limit: window.describe() };
      };
      // The free key's first request of this platform process opens its minute: the reset lies a minute away.
      expect(await read("demo_free_key")).toEqual({ status: 403, limit: "60 requests per minute" });
      expect(await read("demo_business_key")).toEqual({ status: 200, limit: "4 requests per second" });
    });

    it("a free key's views all get the plan's message at once, without bursting into its minute and a long 429", async () => {
      const clock = new FakeClock();
      const proxy = proxyFor(counter.url, "demo_free_key", { clock, env: NO_CACHE });
      const before = counter.seen.length;
      const countries = ["US", "DE", "FR", "GB", "NL", "ES", "IT", "SE", "NO", "DK", "FI", "PL"];
      // A page load's worth of distinct views, charts and tables mixed; the first two leave together on the guessed limit.
      const views = countries.flatMap((country, i) => [
        analyticsVia(proxy)(`interval=7d&groupBy=count&country=${country}`),
        eventsVia(proxy)(`interval=7d&limit=${i + 1}`),
      ]);
      const responses = await Promise.all(views);
      expect(clock.now()).toBe(0);
      for (const response of responses) {
        expect(response.status).toBe(403);
        expect(errorBodySchema.parse(await response.json()).error.message).toMatch(
          /^plan too low: GET \/(analytics|events) requires the (Pro|Business) plan or higher \(this workspace is on Free\)$/,
        );
      }
      // One request per path told the platform's reason; the others were answered with it.
      const sent = counter.seen.slice(before);
      expect(sent.length).toBeLessThanOrEqual(2);
      expect(sent.every((s) => s.status === 403)).toBe(true);
    });

    it("a Pro key's event views, refused by plan, do not spend the window its charts need", async () => {
      const clock = new FakeClock();
      const proxy = proxyFor(counter.url, "demo_pro_key", { clock, env: NO_CACHE });
      const before = counter.seen.length;
      // The chart and the first events view leave together on the guessed limit; the other views wait on the events' answer.
      const chart = analyticsVia(proxy)("interval=7d&groupBy=timeseries");
      const eventViews = Array.from({ length: 10 }, (_, i) => eventsVia(proxy)(`interval=7d&limit=${i + 1}`));
      const responses = await Promise.all(eventViews);
      expect(responses.map((r) => r.status)).toEqual(Array<number>(10).fill(403));
      expect((await chart).status).toBe(200);
      expect(
        counter.seen
          .slice(before)
          .map((s) => s.path.split("?")[0])
          .sort(),
      ).toEqual(["/analytics", "/events"]);
    });
  });
});
