import { describe, expect, it } from "vitest";
import type { CommonQuery } from "../contract/query";
import { compareRefusal, isLockedFilter, rangeRefusal } from "./lockedControls";

const NOW = new Date("2026-11-25T16:40:00Z");
const lock: CommonQuery = {
  interval: "30d",
  timezone: "UTC",
  filters: { country: { exclude: false, values: ["US"] } },
  metadata: [],
};

describe("a share link's controls", () => {
  it("keeps locked filters and leaves the others open", () => {
    expect(isLockedFilter(lock, "country")).toBe(true);
    expect(isLockedFilter(lock, "device")).toBe(false);
    expect(isLockedFilter(null, "country")).toBe(false);
  });

  it("offers the ranges within the lock's dates and refuses the wider ones, naming the lock", () => {
    for (const interval of ["24h", "7d", "30d"] as const)
      expect(rangeRefusal(lock, { interval, timezone: "UTC" }, NOW)).toBeNull();
    for (const interval of ["90d", "1y", "all"] as const)
      expect(rangeRefusal(lock, { interval, timezone: "UTC" }, NOW)).toMatch(
        /^Outside this shared link's dates \(Oct 26, 16:40 – Nov 25, 16:40 \(UTC\)\)\.$/,
      );
    expect(rangeRefusal(lock, { start: "2026-11-01", end: "2026-11-10", timezone: "UTC" }, NOW)).toBeNull();
    expect(rangeRefusal(lock, { start: "2026-10-01", end: "2026-11-10", timezone: "UTC" }, NOW)).not.toBeNull();
    expect(rangeRefusal(null, { interval: "all", timezone: "UTC" }, NOW)).toBeNull();
  });

  it("allows comparing only when the previous period lies within the lock", () => {
    expect(compareRefusal(lock, { ...lock, interval: "7d" }, NOW)).toBeNull();
    expect(compareRefusal(lock, lock, NOW)).toMatch(/previous period is outside this shared link's dates/);
    expect(compareRefusal(null, lock, NOW)).toBeNull();
  });
});
