import { describe, expect, it } from "vitest";
import { INTERVALS, resolveRange, type RangeParams } from "../contract/dateRange";
import { previousPeriodParams, previousRange, rangeLength, rangeToBounds } from "./period";

const NOW = new Date("2026-03-10T12:00:00.000Z");

describe("previousRange", () => {
  it("is the span of equal length ending where the current one starts", () => {
    const current = { start: new Date("2026-03-03T00:00:00.000Z"), end: new Date("2026-03-10T00:00:00.000Z") };
    expect(previousRange(current)).toEqual({ start: new Date("2026-02-24T00:00:00.000Z"), end: current.start });
  });

  it("ignores the inclusive millisecond of a range ending now", () => {
    const current = resolveRange({ timezone: "UTC", interval: "24h" }, NOW);
    expect(previousRange(current)).toEqual({
      start: new Date("2026-03-08T12:00:00.000Z"),
      end: new Date("2026-03-09T12:00:00.000Z"),
    });
  });

  it("cuts the previous period to the part of the current one that has elapsed", () => {
    const today = resolveRange({ timezone: "UTC", start: "2026-03-10", end: "2026-03-10" }, NOW);
    expect(previousRange(today, NOW)).toEqual({
      start: new Date("2026-03-09T00:00:00.000Z"),
      end: new Date("2026-03-09T12:00:00.000Z"),
    });
    const week = resolveRange({ timezone: "UTC", start: "2026-03-09", end: "2026-03-15" }, NOW);
    expect(previousRange(week, NOW)).toEqual({
      start: new Date("2026-03-02T00:00:00.000Z"),
      end: new Date("2026-03-03T12:00:00.000Z"),
    });
    const past = resolveRange({ timezone: "UTC", start: "2026-03-01", end: "2026-03-07" }, NOW);
    expect(previousRange(past, NOW)).toEqual({
      start: new Date("2026-02-22T00:00:00.000Z"),
      end: new Date("2026-03-01T00:00:00.000Z"),
    });
    expect(
      previousRange(resolveRange({ timezone: "UTC", start: "2026-04-01", end: "2026-04-02" }, NOW), NOW),
    ).toBeNull();
  });
});

describe("rangeToBounds", () => {
  it("sends the last included millisecond as end, which the API reads as inclusive", () => {
    const range = { start: new Date("2026-02-01T00:00:00.000Z"), end: new Date("2026-03-01T00:00:00.000Z") };
    const bounds = rangeToBounds(range);
    expect(bounds).toEqual({ start: "2026-02-01T00:00:00.000Z", end: "2026-02-28T23:59:59.999Z" });
    expect(resolveRange({ timezone: "UTC", ...bounds }, NOW)).toEqual(range);
  });
});

describe("previousPeriodParams", () => {
  it("shifts an explicit month back by its own length (31 days), not by a calendar month", () => {
    // Seen once March is over (while it runs, the comparison is cut to its elapsed part: see above).
    const params: RangeParams = { timezone: "UTC", start: "2026-03-01", end: "2026-03-31" };
    expect(previousPeriodParams(params, new Date("2026-04-02T00:00:00.000Z"))).toEqual({
      timezone: "UTC",
      start: "2026-01-29T00:00:00.000Z",
      end: "2026-02-28T23:59:59.999Z",
    });
  });

  it("compares month-to-date with the same length before the first of the month", () => {
    const previous = previousPeriodParams({ timezone: "UTC", interval: "mtd" }, NOW)!;
    const current = resolveRange({ timezone: "UTC", interval: "mtd" }, NOW);
    const before = resolveRange(previous, NOW);
    expect(before.end).toEqual(new Date("2026-03-01T00:00:00.000Z"));
    // Current: Mar 1 00:00 to now (12:00, inclusive); previous: the same 9.5 days before.
    expect(before.start).toEqual(new Date("2026-02-19T12:00:00.000Z"));
    expect(Math.abs(rangeLength(before) - rangeLength(current))).toBeLessThanOrEqual(1);
  });

  it("keeps the time zone and reads day boundaries in it", () => {
    const params: RangeParams = { timezone: "America/New_York", start: "2026-02-02", end: "2026-02-08" };
    const previous = previousPeriodParams(params, NOW)!;
    expect(previous.timezone).toBe("America/New_York");
    // 2026-02-02 00:00 EST is 05:00Z; seven days before it.
    expect(previous.start).toBe("2026-01-26T05:00:00.000Z");
    expect(previous.end).toBe("2026-02-02T04:59:59.999Z");
  });

  it("measures a week with a DST change in real hours (167), so both periods span the same time", () => {
    // The US springs forward on 2026-03-08: that local week is an hour short.
    const previous = previousPeriodParams(
      { timezone: "America/New_York", start: "2026-03-02", end: "2026-03-08" },
      NOW,
    )!;
    expect(previous.start).toBe("2026-02-23T06:00:00.000Z");
    expect(previous.end).toBe("2026-03-02T04:59:59.999Z");
  });

  it("compares Today with yesterday until the same time of day", () => {
    expect(previousPeriodParams({ timezone: "Europe/Berlin", start: "2026-03-10", end: "2026-03-10" }, NOW)).toEqual({
      timezone: "Europe/Berlin",
      start: "2026-03-08T23:00:00.000Z",
      end: "2026-03-09T11:59:59.999Z",
    });
  });

  it("has no previous period for all time", () => {
    expect(previousPeriodParams({ timezone: "UTC", interval: "all" }, NOW)).toBeNull();
  });

  it("uses start when it is set even with interval=all", () => {
    expect(
      previousPeriodParams({ timezone: "UTC", interval: "all", start: "2026-03-09", end: "2026-03-09" }, NOW),
    ).toEqual({
      timezone: "UTC",
      start: "2026-03-08T00:00:00.000Z",
      end: "2026-03-08T23:59:59.999Z",
    });
  });

  it.each(["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata"])(
    "for every preset in %s: equal length, adjacent",
    (timezone) => {
      // 2026-03-29 is the spring DST change in Europe; 2026-03-08 in the US.
      const now = new Date("2026-04-02T09:30:00.000Z");
      for (const interval of INTERVALS.filter((i) => i !== "all")) {
        const current = resolveRange({ timezone, interval }, now);
        const before = resolveRange(previousPeriodParams({ timezone, interval }, now)!, now);
        expect(before.end, interval).toEqual(current.start);
        // Equal up to the inclusive millisecond of "now".
        expect(Math.abs(rangeLength(before) - rangeLength(current)), interval).toBeLessThanOrEqual(1);
        expect(before.start.getUTCMilliseconds(), interval).toBe(current.start.getUTCMilliseconds());
      }
    },
  );
});
