import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { budgetFor, rateLimitHeaders, RateLimiter } from "./rateLimit";

const key = (plan: "free" | "pro" | "business" | "advanced" | "enterprise") => ({
  kind: "key" as const,
  id: `k-${plan}`,
  plan,
});

describe("budgetFor", () => {
  it("uses the per-second analytics limits on /events and /analytics", () => {
    expect(budgetFor(key("pro"), "/events")).toMatchObject({ limit: 2, per: "second" });
    expect(budgetFor(key("business"), "/events")).toMatchObject({ limit: 4, per: "second" });
    expect(budgetFor(key("advanced"), "/analytics")).toMatchObject({ limit: 8, per: "second" });
    expect(budgetFor(key("enterprise"), "/events")).toMatchObject({ limit: 20, per: "second" });
  });

  it("free has no analytics limit, so its standard per-minute budget applies", () => {
    expect(budgetFor(key("free"), "/events")).toMatchObject({ limit: 60, per: "minute", bucket: "standard:k-free" });
  });

  it("other paths use the standard per-minute limits", () => {
    expect(budgetFor(key("pro"), "/links")).toMatchObject({ limit: 600, per: "minute" });
    expect(budgetFor(key("business"), "/nope")).toMatchObject({ limit: 1200, per: "minute" });
    expect(budgetFor(key("advanced"), "/links")).toMatchObject({ limit: 3000, per: "minute" });
  });

  it("callers without valid credentials share a per-IP bucket of 60 per minute", () => {
    expect(budgetFor({ kind: "anonymous", ip: "10.0.0.1" }, "/events")).toEqual({
      bucket: "ip:10.0.0.1",
      limit: 60,
      per: "minute",
    });
  });

  it("scale multiplies limits and never goes below 1", () => {
    expect(budgetFor(key("business"), "/events", 1000).limit).toBe(4000);
    expect(budgetFor(key("pro"), "/events", 0.01).limit).toBe(1);
  });
});

/** The library reads `Date.now()` and forgets a window on a timer: both are faked, and moved by the test. */
describe("RateLimiter", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("allows the limit, then refuses until the window ends", async () => {
    const start = 1_700_000_000_250;
    vi.setSystemTime(start);
    const limiter = new RateLimiter();
    const budget = budgetFor(key("business"), "/events");
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await limiter.hit(budget));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([3, 2, 1, 0, 0, 0]);
    expect(decisions[5]).toMatchObject({ limit: 4, resetAt: start + 1000, retryAfter: 1 });
    vi.advanceTimersByTime(999);
    expect((await limiter.hit(budget)).allowed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await limiter.hit(budget)).toMatchObject({ allowed: true, remaining: 3, resetAt: start + 2000 });
  });

  it("counts buckets separately", async () => {
    vi.setSystemTime(0);
    const limiter = new RateLimiter();
    const pro = budgetFor(key("pro"), "/events");
    await limiter.hit(pro);
    await limiter.hit(pro);
    expect((await limiter.hit(pro)).allowed).toBe(false);
    expect((await limiter.hit(budgetFor(key("business"), "/events"))).allowed).toBe(true);
    expect((await limiter.hit(budgetFor(key("pro"), "/links"))).allowed).toBe(true);
  });

  it("reports Retry-After in whole seconds, at least 1, for minute windows", async () => {
    vi.setSystemTime(10_000);
    const limiter = new RateLimiter();
    const budget = budgetFor({ kind: "anonymous", ip: "1.2.3.4" }, "/events");
    for (let i = 0; i < 60; i++) await limiter.hit(budget);
    vi.advanceTimersByTime(20_500);
    const refused = await limiter.hit(budget);
    expect(refused).toMatchObject({ allowed: false, retryAfter: 40 });
    expect(rateLimitHeaders(refused)).toEqual({
      "X-RateLimit-Limit": "60",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": "70",
    });
  });
});
