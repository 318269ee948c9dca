import { describe, expect, it } from "vitest";
import { retryAfterMs, retryAfterSeconds } from "./retryAfter";

const NOW = Date.parse("2026-11-22T10:00:00.000Z");

describe("retryAfterMs", () => {
  it.each([
    ["3", 3000],
    [" 2 ", 2000],
    ["0", 0],
    ["1.5", 1500],
    ["30", 30_000],
    ["120", 120_000],
    ["Sun, 22 Nov 2026 10:00:05 GMT", 5000],
    ["Sun, 22 Nov 2026 09:59:00 GMT", 0],
    ["Mon, 23 Nov 2026 10:00:00 GMT", 86_400_000],
  ])("%s → %i ms", (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });

  it.each(["-5", "soon", "NaN", "", null, undefined, "1e3", "0x10"])("%s → null", (value) => {
    expect(retryAfterMs(value, NOW)).toBeNull();
  });
});

describe("retryAfterSeconds", () => {
  const now = Date.parse("2026-11-20T08:30:00Z");
  it("takes delta-seconds, an HTTP date, and nothing else", () => {
    expect(retryAfterSeconds("2", now)).toBe(2);
    expect(retryAfterSeconds("1.2", now)).toBe(2);
    expect(retryAfterSeconds("Fri, 20 Nov 2026 08:30:05 GMT", now)).toBe(5);
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
