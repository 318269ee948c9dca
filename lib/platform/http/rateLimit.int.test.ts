import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../../contract/errors";
import type { ApiResponse, RequestOptions } from "../testing/client";
import { TestClock } from "../testing/clock";
import { limiterTimeFollows } from "../testing/limiterTime";
import { startInProcess, type InProcessPlatform } from "../testing/inProcess";

/**
 * The real limits, on the real app over the seeded file, in this process. Its clock moves only
 * when a test advances it: each burst starts after the previous one-second windows have ended,
 * without waiting for them; the rate limiter's time follows it (../testing/limiterTime.ts).
 */

const clock = new TestClock(new Date("2026-06-01T12:00:00.250Z"));
let platform: InProcessPlatform;
let advance: (ms: number) => void;
beforeAll(async () => {
  platform = await startInProcess({ now: clock.now, clientIp: () => "198.51.100.7" });
  advance = limiterTimeFollows(clock);
});
afterAll(() => {
  vi.useRealTimers();
  platform?.close();
});

const SECOND_AND_A_BIT = 1100;

function expectHeaders(res: ApiResponse, limit: number) {
  expect(res.headers.get("X-RateLimit-Limit")).toBe(String(limit));
  const remaining = Number(res.headers.get("X-RateLimit-Remaining"));
  expect(remaining).toBeGreaterThanOrEqual(0);
  expect(remaining).toBeLessThan(limit);
  const reset = Number(res.headers.get("X-RateLimit-Reset"));
  const now = clock.now().getTime();
  // UTC epoch seconds, within the window.
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now / 1000) - 1);
  expect(reset).toBeLessThanOrEqual(Math.ceil(now / 1000) + 61);
}

async function burst(n: number, path: string, options: Pick<RequestOptions, "key">): Promise<ApiResponse[]> {
  advance(SECOND_AND_A_BIT);
  return Promise.all(Array.from({ length: n }, () => platform.request(path, options)));
}

describe("analytics limits per second", () => {
  it("business: a burst of 6 gives 4 OK then 429 with Retry-After", async () => {
    const results = await burst(6, "/events?limit=1", { key: "business" });
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    for (const res of results) expectHeaders(res, 4);
    for (const res of results.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(1);
      expect(errorBodySchema.parse(res.body).error.code).toBe("rate_limit_exceeded");
      expect(res.headers.get("X-RateLimit-Remaining")).toBe("0");
    }
    const remaining = results
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get("X-RateLimit-Remaining")));
    expect(remaining.sort()).toEqual([0, 1, 2, 3]);
  });

  it("the window ends after a second", async () => {
    await burst(5, "/events?limit=1", { key: "business" });
    advance(SECOND_AND_A_BIT);
    expect((await platform.request("/events?limit=1", { key: "business" })).status).toBe(200);
  });

  it("advanced: 8 per second", async () => {
    const results = await burst(10, "/events?limit=1", { key: "advanced" });
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    expect(results.filter((r) => r.status === 429)).toHaveLength(2);
    for (const res of results) expectHeaders(res, 8);
  });

  it("pro: 2 per second, counted before the plan check (403 twice, then 429)", async () => {
    const results = await burst(3, "/events", { key: "pro" });
    expect(results.map((r) => r.status).sort()).toEqual([403, 403, 429]);
    for (const res of results) expectHeaders(res, 2);
  });

  it("bad requests count too", async () => {
    const results = await burst(5, "/events?limit=abc", { key: "business" });
    expect(results.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 429]);
  });
});

describe("standard limits per minute", () => {
  it("free keys have no analytics limit: their 60-per-minute budget applies, then 403", async () => {
    const res = await platform.request("/events", { key: "free" });
    expect(res.status).toBe(403);
    expectHeaders(res, 60);
  });

  it("other paths use the plan's per-minute limit", async () => {
    const res = await platform.request("/links?pageSize=1", { key: "business" });
    expect(res.status).toBe(200);
    expectHeaders(res, 1200);
  });

  it("requests without valid credentials share the client IP's 60 per minute, then 429", async () => {
    const results: ApiResponse[] = [];
    for (let i = 0; i < 6; i++) {
      const batch = await Promise.all(
        Array.from({ length: 11 }, () => platform.request("/events", { key: { raw: "not_a_key" } })),
      );
      results.push(...batch);
    }
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(60);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
    const limited = results.find((r) => r.status === 429)!;
    expectHeaders(limited, 60);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    // A valid key is not held back by the IP's bucket.
    advance(SECOND_AND_A_BIT);
    expect((await platform.request("/events?limit=1", { key: "business" })).status).toBe(200);
  });
});
