import { describe, expect, it } from "vitest";
import { resolveRange, type Interval } from "../contract/dateRange";
import { defaultGranularity, sensibleGranularities } from "../contract/granularity";
import { effectiveGranularity, granularityOptions } from "./granularity";

const NOW = new Date("2026-06-15T10:00:00.000Z");
const range = (interval: Interval) => resolveRange({ timezone: "UTC", interval }, NOW);

describe("granularity choice", () => {
  it.each([
    ["24h", "hour"],
    ["7d", "day"],
    ["30d", "day"],
    ["90d", "day"],
    ["1y", "month"],
    ["mtd", "day"],
    ["ytd", "day"],
  ] as const)("defaults %s to %s", (interval, expected) => {
    expect(defaultGranularity(range(interval))).toBe(expected);
  });

  it("uses hours up to two days", () => {
    const twoDays = resolveRange({ timezone: "UTC", start: "2026-06-13", end: "2026-06-14" }, NOW);
    expect(defaultGranularity(twoDays)).toBe("hour");
    const threeDays = resolveRange({ timezone: "UTC", start: "2026-06-12", end: "2026-06-14" }, NOW);
    expect(defaultGranularity(threeDays)).toBe("day");
  });

  it("offers bucket sizes giving two to ~750 whole buckets", () => {
    expect(granularityOptions(range("24h"))).toEqual(["hour"]);
    expect(granularityOptions(range("7d"))).toEqual(["hour", "day"]);
    expect(granularityOptions(range("30d"))).toEqual(["hour", "day", "week"]);
    expect(granularityOptions(range("90d"))).toEqual(["day", "week", "month"]);
    expect(granularityOptions(range("1y"))).toEqual(["day", "week", "month"]);
  });

  it("never offers fewer than the contract's sensible sizes minus single-bucket ones", () => {
    for (const interval of ["24h", "7d", "30d", "90d", "1y", "mtd", "qtd", "ytd"] as const) {
      for (const g of granularityOptions(range(interval))) {
        expect(sensibleGranularities(range(interval)).includes(g) || g === defaultGranularity(range(interval))).toBe(
          true,
        );
      }
    }
  });

  it("honours a sensible choice and ignores one that does not fit the range", () => {
    expect(effectiveGranularity(range("90d"), "week")).toBe("week");
    expect(effectiveGranularity(range("1y"), "hour")).toBe("month");
    expect(effectiveGranularity(range("24h"), "month")).toBe("hour");
    expect(effectiveGranularity(range("30d"), null)).toBe("day");
  });

  it("always lists the default, even for a range shorter than two buckets", () => {
    const halfHour = resolveRange({ timezone: "UTC", interval: "all" }, NOW, new Date("2026-06-15T09:30:00.000Z"));
    expect(granularityOptions(halfHour)).toEqual(["hour"]);
  });
});
