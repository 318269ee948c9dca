import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GET } from "../../app/api/events/route";
import { errorBodySchema } from "../contract/errors";
import { startPlatform, type RunningPlatform } from "../platform/testing/spawnPlatform";
import { dashboardRequest, useUpstream } from "./testing/env";
import { startCountingProxy, type CountingProxy } from "./testing/servers";

/**
 * Against a platform of our own with the real per-second limits (business: 4/s), so no other
 * test file draws from the same windows.
 */
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

  it("a burst through the proxy queues instead of meeting a 429", async () => {
    useUpstream(counter.url, "demo_business_key", { LINK_CACHE_TTL_MS: "0" });
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => GET(dashboardRequest(`/api/events?interval=all&limit=1&page=${i + 1}`))));
    const took = Date.now() - started;
    expect(responses.map((r) => r.status)).toEqual(Array<number>(16).fill(200));
    const upstream = counter.seen.filter((s) => s.path.startsWith("/events"));
    const limited = upstream.filter((s) => s.status === 429).length;
    // Paced, not burst: at most a stray 429 from scheduling jitter on a loaded machine, each retried once.
    expect(limited).toBeLessThanOrEqual(1);
    expect(upstream).toHaveLength(16 + limited);
    // 16 requests at 4 per second cannot finish in under three seconds.
    expect(took).toBeGreaterThan(3000);
  }, 30_000);

  it("when someone else spent the key's window, waits Retry-After and retries", async () => {
    useUpstream(counter.url, "demo_advanced_key", { LINK_CACHE_TTL_MS: "0" });
    const before = counter.seen.length;
    // Another client of the same key (a teammate's script) spends this second's budget of 8.
    const others = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${platform.url}/events?limit=1`, { headers: { Authorization: "Bearer demo_advanced_key" } })),
    );
    expect(others.some((r) => r.status === 429)).toBe(true);
    const response = await GET(dashboardRequest("/api/events?interval=all&limit=2"));
    expect(response.status).toBe(200);
    const statuses = counter.seen.slice(before).map((s) => s.status);
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.length).toBeLessThanOrEqual(4);
  }, 30_000);

  it("passes the 429 on, with Retry-After, when three retries run out", async () => {
    const limited = await startCountingProxy(platform.url, {
      failWith: () => ({ status: 429, headers: { "retry-after": "1", "x-ratelimit-limit": "4", "x-ratelimit-remaining": "0" } }),
    });
    try {
      useUpstream(limited.url, "demo_business_key", { LINK_CACHE_TTL_MS: "0" });
      const started = Date.now();
      const response = await GET(dashboardRequest("/api/events?interval=all&limit=3"));
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(limited.count("/events")).toBe(4);
    } finally {
      await limited.close();
    }
  }, 30_000);

  it("a Retry-After past 30 s goes to the browser at once, and the key stays paused without upstream requests", async () => {
    const limited = await startCountingProxy(platform.url, {
      failWith: (n) => (n === 1 ? { status: 429, headers: { "retry-after": "120", "x-ratelimit-limit": "4", "x-ratelimit-remaining": "0" } } : undefined),
    });
    try {
      useUpstream(limited.url, "demo_business_key", { LINK_CACHE_TTL_MS: "0" });
      const started = Date.now();
      const response = await GET(dashboardRequest("/api/events?interval=all&limit=4"));
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("120");
      const next = await GET(dashboardRequest("/api/events?interval=all&limit=5"));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(next.status).toBe(429);
      expect(Number(next.headers.get("retry-after"))).toBeGreaterThanOrEqual(118);
      expect(Number(next.headers.get("retry-after"))).toBeLessThanOrEqual(120);
      expect(errorBodySchema.parse(await next.json()).error.code).toBe("rate_limit_exceeded");
      expect(limited.count("/events")).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
