import { describe, expect, it } from "vitest";
import { rateLimitDelayMs, retryRateLimited } from "./queryPolicy";
import { RequestError } from "./requestError";

const error = (status: number, retryAfter: number | null = null) => new RequestError(status, "x", "m", retryAfter);

describe("the dashboard's query policy", () => {
  it("retries a 429 (up to four times) and nothing else on its own", () => {
    expect(retryRateLimited(0, error(429))).toBe(true);
    expect(retryRateLimited(3, error(429))).toBe(true);
    expect(retryRateLimited(4, error(429))).toBe(false);
    for (const status of [0, 400, 403, 422, 500, 502, 504]) expect(retryRateLimited(0, error(status))).toBe(false);
    expect(retryRateLimited(0, new Error("boom"))).toBe(false);
  });

  it("waits what Retry-After said, from 1 s to 60 s, 2 s when it said nothing", () => {
    expect(rateLimitDelayMs(0, error(429, 3))).toBe(3000);
    expect(rateLimitDelayMs(0, error(429, 0))).toBe(1000);
    expect(rateLimitDelayMs(0, error(429, 600))).toBe(60_000);
    expect(rateLimitDelayMs(0, error(429))).toBe(2000);
  });
});
