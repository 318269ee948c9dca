import { describe, expect, it } from "vitest";
import { readRateHeaders, retryPauseMs } from "./rateHeaders";

const NOW = Date.parse("2026-11-22T10:00:00.000Z");

describe("the pause a 429 asks for", () => {
  it.each([
    ["3", 3000],
    ["120", 120_000],
    ["Sun, 22 Nov 2026 10:02:00 GMT", 120_000],
    ["7200", 3_600_000],
    ["Mon, 23 Nov 2026 10:00:00 GMT", 3_600_000],
    ["-5", 1000],
    ["soon", 1000],
    ["", 1000],
    [null, 1000],
    [undefined, 1000],
  ])("%s → %i ms (the parser's cases: lib/http/retryAfter.test.ts)", (value, ms) => {
    expect(retryPauseMs(value, NOW)).toBe(ms);
  });
});

describe("X-RateLimit-* headers", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it("reads limit, remaining and an epoch-seconds reset", () => {
    const reset = String(Math.ceil((NOW + 800) / 1000));
    expect(
      readRateHeaders(
        headers({ "x-ratelimit-limit": "4", "x-ratelimit-remaining": "2", "x-ratelimit-reset": reset }),
        NOW,
      ),
    ).toEqual({
      limit: 4,
      remaining: 2,
      resetAt: NOW + 1000,
    });
  });

  it("ignores nonsense and a zero limit", () => {
    expect(
      readRateHeaders(
        headers({ "x-ratelimit-limit": "0", "x-ratelimit-remaining": "lots", "x-ratelimit-reset": "later" }),
        NOW,
      ),
    ).toEqual({
      limit: undefined,
      remaining: undefined,
      resetAt: undefined,
    });
  });

  it("caps the wait and measures from the server's Date when the clocks disagree", () => {
    const inAnHour = String(Math.ceil(NOW / 1000) + 3600);
    expect(readRateHeaders(headers({ "x-ratelimit-reset": inAnHour }), NOW).resetAt).toBe(NOW + 3_600_000);
    const far = String(Math.ceil(NOW / 1000) + 7200);
    expect(readRateHeaders(headers({ "x-ratelimit-reset": far }), NOW).resetAt).toBe(NOW + 3_601_000);
    const serverNow = NOW - 600_000;
    const reset = String(serverNow / 1000 + 2);
    const skewed = headers({ "x-ratelimit-reset": reset, date: new Date(serverNow).toUTCString() });
    expect(readRateHeaders(skewed, NOW).resetAt).toBe(NOW + 2000);
  });
});
