import { describe, expect, it } from "vitest";
import type { Granularity } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import { MAX_BUCKETS } from "../../contract/granularity";
import { bucketCount, checkBucketCount } from "./analyticsBuckets";

const NOW = new Date("2026-12-01T00:00:00Z");
const count = (start: string, end: string, g: Granularity, timezone: string) =>
  bucketCount(resolveRange({ start, end, timezone }, NOW), g, timezone);

describe("bucketCount", () => {
  it("counts real hours across DST changes", () => {
    expect(count("2026-11-01", "2026-11-01", "hour", "America/New_York")).toBe(25);
    expect(count("2026-03-08", "2026-03-08", "hour", "America/New_York")).toBe(23);
    expect(count("2026-11-02", "2026-11-02", "hour", "America/New_York")).toBe(24);
    expect(count("2026-06-01", "2026-06-01", "hour", "Asia/Kolkata")).toBe(24);
    // A range starting mid-hour includes that hour's bucket.
    expect(count("2026-06-01T10:30:00Z", "2026-06-01T12:00:00Z", "hour", "UTC")).toBe(3);
  });

  it("counts local days, Monday weeks and months", () => {
    expect(count("2026-10-24", "2026-10-26", "day", "Europe/Berlin")).toBe(3);
    expect(count("2026-03-01", "2026-03-15", "week", "Europe/Berlin")).toBe(3);
    expect(count("2026-03-02", "2026-03-15", "week", "Europe/Berlin")).toBe(2);
    expect(count("2025-01-15", "2026-03-01", "month", "UTC")).toBe(15);
  });

  it("refuses more than MAX_BUCKETS with advice to go coarser", () => {
    expect(() =>
      checkBucketCount(resolveRange({ start: "2024-01-01", end: "2024-12-31", timezone: "UTC" }, NOW), "hour", "UTC"),
    ).toThrow(/8784 buckets, more than the 5000 allowed; use a coarser granularity \(day, week, month\)/);
    expect(MAX_BUCKETS).toBeLessThan(8784);
    expect(() =>
      checkBucketCount(resolveRange({ start: "2024-01-01", end: "2024-01-31", timezone: "UTC" }, NOW), "hour", "UTC"),
    ).not.toThrow();
  });
});
