import { describe, expect, it } from "vitest";
import { resolveRange } from "../contract/dateRange";
import {
  comparisonId,
  comparisonKeys,
  comparisonParams,
  comparisonRange,
  isComparable,
  matchWeekday,
  PREVIOUS_PERIOD,
  readComparison,
  type Comparison,
} from "./comparison";

const day = (start: string, end: string, timezone = "UTC") =>
  resolveRange({ timezone, start, end }, new Date("2030-01-01T00:00:00Z"));
const YEAR: Comparison = { mode: "year", matchWeekday: false };
const YEAR_WEEKDAY: Comparison = { mode: "year", matchWeekday: true };
const PREVIOUS_WEEKDAY: Comparison = { mode: "previous", matchWeekday: true };

describe("readComparison", () => {
  it("reads the three modes, weekday matching, and the earlier compare=1 as the previous period", () => {
    expect(readComparison({ compare: "previous" })).toEqual(PREVIOUS_PERIOD);
    expect(readComparison({ compare: "1" })).toEqual(PREVIOUS_PERIOD);
    expect(readComparison({ compare: "year", compareMatch: "weekday" })).toEqual(YEAR_WEEKDAY);
    expect(readComparison({ compare: "custom", compareStart: "2026-01-01", compareEnd: "2026-01-31" })).toEqual({
      mode: "custom",
      start: "2026-01-01",
      end: "2026-01-31",
    });
  });

  it("is no comparison for an absent or unknown mode and a custom range without two valid dates in order", () => {
    expect(readComparison({})).toBeNull();
    expect(readComparison({ compare: "yesterday" })).toBeNull();
    expect(readComparison({ compare: "custom", compareStart: "2026-01-01" })).toBeNull();
    expect(readComparison({ compare: "custom", compareStart: "2026-02-30", compareEnd: "2026-03-01" })).toBeNull();
    expect(readComparison({ compare: "custom", compareStart: "2026-03-01", compareEnd: "2026-02-01" })).toBeNull();
    expect(
      readComparison({ compare: "custom", compareStart: "2026-03-01T00:00:00Z", compareEnd: "2026-03-02" }),
    ).toBeNull();
  });

  it("round-trips through the URL keys, clearing the ones a mode does not use", () => {
    for (const comparison of [
      PREVIOUS_PERIOD,
      PREVIOUS_WEEKDAY,
      YEAR,
      YEAR_WEEKDAY,
      { mode: "custom", start: "2025-12-01", end: "2025-12-31" } as const,
    ]) {
      expect(readComparison(comparisonKeys(comparison))).toEqual(comparison);
    }
    expect(comparisonKeys(null)).toEqual({ compare: null, compareStart: null, compareEnd: null, compareMatch: null });
    expect(comparisonKeys(YEAR)).toEqual({ compare: "year", compareStart: null, compareEnd: null, compareMatch: null });
  });

  it("gives each comparison its own id, the previous period's the one earlier keys used", () => {
    expect(comparisonId(PREVIOUS_PERIOD)).toBe("previous");
    expect(new Set([PREVIOUS_PERIOD, PREVIOUS_WEEKDAY, YEAR, YEAR_WEEKDAY].map(comparisonId)).size).toBe(4);
    expect(comparisonId({ mode: "custom", start: "2025-12-01", end: "2025-12-31" })).toBe(
      "custom:2025-12-01..2025-12-31",
    );
  });
});

describe("comparisonRange: a year before", () => {
  it("is the same calendar span a year earlier", () => {
    expect(comparisonRange(day("2026-03-01", "2026-03-31"), YEAR, "UTC")).toEqual(day("2025-03-01", "2025-03-31"));
  });

  it("reads 29 February as 28 February, and a leap February as the whole shorter one", () => {
    expect(comparisonRange(day("2024-02-29", "2024-02-29"), YEAR, "UTC")).toEqual({
      start: new Date("2023-02-28T00:00:00Z"),
      end: new Date("2023-03-01T00:00:00Z"),
    });
    expect(comparisonRange(day("2024-02-01", "2024-02-29"), YEAR, "UTC")).toEqual(day("2023-02-01", "2023-02-28"));
    // A year after a leap year: 2025-03-01 looks back to 2024-03-01, the leap day left out.
    expect(comparisonRange(day("2025-03-01", "2025-03-07"), YEAR, "UTC")).toEqual(day("2024-03-01", "2024-03-07"));
  });

  it("keeps wall-clock midnights in the view's zone when only one of the two years is in summer time that day", () => {
    // 2026-03-29: Berlin is in summer time (UTC+2) from 02:00; on 2025-03-29 it was still winter time (UTC+1).
    const range = day("2026-03-29", "2026-04-04", "Europe/Berlin");
    expect(range.start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    const before = comparisonRange(range, YEAR, "Europe/Berlin")!;
    expect(before).toEqual(day("2025-03-29", "2025-04-04", "Europe/Berlin"));
    expect(before.start.toISOString()).toBe("2025-03-28T23:00:00.000Z");
    expect(before.end.toISOString()).toBe("2025-04-04T22:00:00.000Z");
  });

  it("covers only as much as has elapsed of a running range", () => {
    const now = new Date("2026-11-25T07:00:00Z");
    const today = resolveRange({ timezone: "UTC", start: "2026-11-25", end: "2026-11-25" }, now);
    expect(comparisonRange(today, YEAR, "UTC", now)).toEqual({
      start: new Date("2025-11-25T00:00:00Z"),
      end: new Date("2025-11-25T07:00:00.001Z"),
    });
    expect(comparisonRange(day("2026-12-01", "2026-12-02"), YEAR, "UTC", now)).toBeNull();
  });

  it("matching the weekday, moves to the nearest day that starts on the same weekday", () => {
    // 2026-11-23 is a Monday; 2025-11-23 a Sunday: the nearest Monday is the day after.
    expect(comparisonRange(day("2026-11-23", "2026-11-29"), YEAR_WEEKDAY, "UTC")).toEqual(
      day("2025-11-24", "2025-11-30"),
    );
    // 2025-03-03 is a Monday; 2024-03-03 a Sunday (the leap day between): again the day after.
    expect(comparisonRange(day("2025-03-03", "2025-03-09"), YEAR_WEEKDAY, "UTC")).toEqual(
      day("2024-03-04", "2024-03-10"),
    );
    // 2024-02-29 (Thursday) → 2023-02-28 (Tuesday) → the nearest Thursday, 2023-03-02.
    expect(comparisonRange(day("2024-02-29", "2024-02-29"), YEAR_WEEKDAY, "UTC")).toEqual(
      day("2023-03-02", "2023-03-02"),
    );
  });

  it("matching the weekday keeps local midnights across a DST change", () => {
    // 2026-10-26 is a Monday in New York; 2025-10-26 a Sunday. 2025-11-02 (DST ends) lies inside.
    const range = day("2026-10-26", "2026-11-08", "America/New_York");
    expect(comparisonRange(range, YEAR_WEEKDAY, "America/New_York")).toEqual(
      day("2025-10-27", "2025-11-09", "America/New_York"),
    );
  });
});

describe("comparisonRange: the previous period", () => {
  it("is the period of equal length just before, as it was", () => {
    expect(comparisonRange(day("2026-03-09", "2026-03-15"), PREVIOUS_PERIOD, "UTC")).toEqual(
      day("2026-03-02", "2026-03-08"),
    );
  });

  it("matching the weekday, moves back (never into the range) to start on the same weekday", () => {
    // Ten days from Wednesday 2026-03-11: the ten before start on a Sunday; the Wednesday before that is three days earlier.
    expect(comparisonRange(day("2026-03-11", "2026-03-20"), PREVIOUS_WEEKDAY, "UTC")).toEqual(
      day("2026-02-25", "2026-03-06"),
    );
    // A week is its own match.
    expect(comparisonRange(day("2026-03-09", "2026-03-15"), PREVIOUS_WEEKDAY, "UTC")).toEqual(
      day("2026-03-02", "2026-03-08"),
    );
  });

  it("moves a range of whole days back by its days, midnight to midnight across a DST change", () => {
    // 2026-03-29 (Berlin's summer time starts) lies in the week before.
    const week = day("2026-03-30", "2026-04-05", "Europe/Berlin");
    expect(comparisonRange(week, PREVIOUS_PERIOD, "Europe/Berlin")).toEqual(
      day("2026-03-23", "2026-03-29", "Europe/Berlin"),
    );
    // 30 days counted back from now: the 30 days before, at the same wall-clock time.
    const now = new Date("2026-04-10T10:30:00Z");
    const last30 = resolveRange({ timezone: "Europe/Berlin", interval: "30d" }, now);
    const before = comparisonRange(last30, PREVIOUS_PERIOD, "Europe/Berlin", now)!;
    expect(before.end.toISOString()).toBe(last30.start.toISOString());
    // 12:30 in Berlin, as the range itself runs from 12:30: 11:30Z in winter time (10:30Z at now, in summer time).
    expect(before.start.toISOString()).toBe("2026-02-09T11:30:00.000Z");
  });

  it("matching the weekday across the spring DST change keeps local midnights", () => {
    // Ten days from Wednesday 2026-04-01 in Berlin; the period before holds 2026-03-29 (DST starts).
    const range = day("2026-04-01", "2026-04-10", "Europe/Berlin");
    const before = comparisonRange(range, PREVIOUS_WEEKDAY, "Europe/Berlin")!;
    expect(new Date(before.start).toISOString()).toBe("2026-03-17T23:00:00.000Z"); // Wednesday 2026-03-18, 00:00 CET
  });

  it("moves forward to the nearest weekday when the elapsed part leaves room", () => {
    const candidate = { start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-03-02T00:00:00Z") }; // Sunday
    const source = { start: new Date("2026-03-09T00:00:00Z"), end: new Date("2026-03-16T00:00:00Z") }; // Monday
    expect(matchWeekday(candidate, source, "UTC")).toEqual({
      start: new Date("2026-03-02T00:00:00Z"),
      end: new Date("2026-03-03T00:00:00Z"),
    });
  });
});

describe("comparisonRange: a custom range", () => {
  it("is the dates given, whole, read in the view's zone", () => {
    const custom: Comparison = { mode: "custom", start: "2025-12-01", end: "2025-12-31" };
    expect(comparisonRange(day("2026-03-01", "2026-03-31", "Asia/Tokyo"), custom, "Asia/Tokyo")).toEqual(
      day("2025-12-01", "2025-12-31", "Asia/Tokyo"),
    );
  });
});

describe("comparisonParams", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("sends explicit bounds, the end's last millisecond included", () => {
    expect(comparisonParams({ timezone: "UTC", start: "2026-03-01", end: "2026-03-07" }, YEAR, now)).toEqual({
      timezone: "UTC",
      start: "2025-03-01T00:00:00.000Z",
      end: "2025-03-07T23:59:59.999Z",
    });
  });

  it("has nothing to compare all time with but a custom range", () => {
    expect(isComparable({ interval: "all" }, YEAR)).toBe(false);
    expect(comparisonParams({ timezone: "UTC", interval: "all" }, YEAR, now)).toBeNull();
    expect(
      comparisonParams(
        { timezone: "UTC", interval: "all" },
        { mode: "custom", start: "2026-01-01", end: "2026-01-02" },
        now,
      ),
    ).toEqual({
      timezone: "UTC",
      start: "2026-01-01T00:00:00.000Z",
      end: "2026-01-02T23:59:59.999Z",
    });
  });

  it("is null for a view whose own range is inconsistent", () => {
    expect(comparisonParams({ timezone: "UTC", start: "2026-03-05", end: "2026-03-01" }, YEAR, now)).toBeNull();
  });
});
