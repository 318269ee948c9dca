import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, subYears } from "date-fns";
import { isDateOnly, isValidBound, resolveRange, type DateRange, type RangeParams } from "../contract/dateRange";
import { previousRange, rangeToBounds } from "./period";

/**
 * What a view is compared with: the period of equal length just before it, the same period a
 * year earlier, or a range the reader picks; the first two optionally moved to start on the same
 * day of the week. Written in the URL (`compare`, `compareStart`, `compareEnd`, `compareMatch`),
 * so a shared URL compares the same way.
 */
export const COMPARE_MODES = ["previous", "year", "custom"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export type Comparison =
  | { mode: "previous" | "year"; matchWeekday: boolean }
  /** Calendar dates (YYYY-MM-DD), read in the view's time zone; `end` inclusive. */
  | { mode: "custom"; start: string; end: string };

/** The key figures' comparison when the URL asks for none: the previous period, as they always had. */
export const PREVIOUS_PERIOD: Comparison = { mode: "previous", matchWeekday: false };

export const COMPARE_LABELS: Record<CompareMode, string> = {
  previous: "Previous period",
  year: "Year before",
  custom: "Custom range",
};

/** What a figure is set beside, in a sentence: "compared with 120 in {the previous period}". */
export function comparedWithText(comparison: Comparison): string {
  const base =
    comparison.mode === "previous"
      ? "the previous period"
      : comparison.mode === "year"
        ? "the same period a year before"
        : "the chosen range";
  return comparison.mode !== "custom" && comparison.matchWeekday ? `${base}, same days of the week` : base;
}

/** The URL's raw comparison keys. */
export interface ComparisonKeys {
  compare?: string | null;
  compareStart?: string | null;
  compareEnd?: string | null;
  compareMatch?: string | null;
}

const isDate = (value: string | null | undefined): value is string =>
  typeof value === "string" && isDateOnly(value) && isValidBound(value);

/**
 * The comparison a URL asks for, null when none. `compare=1` (the switch of earlier versions)
 * reads as the previous period; a custom range without two valid dates in order is no comparison.
 */
export function readComparison(keys: ComparisonKeys): Comparison | null {
  const mode = keys.compare === "1" ? "previous" : keys.compare;
  const matchWeekday = keys.compareMatch === "weekday";
  if (mode === "previous" || mode === "year") return { mode, matchWeekday };
  if (mode === "custom" && isDate(keys.compareStart) && isDate(keys.compareEnd) && keys.compareStart <= keys.compareEnd)
    return { mode, start: keys.compareStart, end: keys.compareEnd };
  return null;
}

/** The URL keys that write `comparison` (null: none), every key present so a change clears the others. */
export function comparisonKeys(comparison: Comparison | null): {
  compare: CompareMode | null;
  compareStart: string | null;
  compareEnd: string | null;
  compareMatch: "weekday" | null;
} {
  if (!comparison) return { compare: null, compareStart: null, compareEnd: null, compareMatch: null };
  if (comparison.mode === "custom")
    return { compare: "custom", compareStart: comparison.start, compareEnd: comparison.end, compareMatch: null };
  return {
    compare: comparison.mode,
    compareStart: null,
    compareEnd: null,
    compareMatch: comparison.matchWeekday ? "weekday" : null,
  };
}

/** A short stable text for a comparison: the part of a query key that tells comparisons apart. The previous period's is "previous". */
export function comparisonId(comparison: Comparison): string {
  if (comparison.mode === "custom") return `custom:${comparison.start}..${comparison.end}`;
  return comparison.matchWeekday ? `${comparison.mode}~weekday` : comparison.mode;
}

/** Whether a view over `range` has something to compare with: all time has no period before it, but can be set beside a custom range. */
export function isComparable(range: { start?: string; interval?: string }, comparison: Comparison): boolean {
  return comparison.mode === "custom" || Boolean(range.start) || range.interval !== "all";
}

function shiftDays(at: Date, days: number, timeZone: string): Date {
  return new Date(addDays(new TZDate(at, timeZone), days).getTime());
}

function weekdayIn(at: Date, timeZone: string): number {
  return new TZDate(at, timeZone).getDay();
}

/**
 * `candidate` moved by whole days (wall-clock times kept, so across a DST change too) to start on
 * the weekday `source` starts on: the nearest such day, but never overlapping `source`.
 */
export function matchWeekday(candidate: DateRange, source: DateRange, timeZone: string): DateRange {
  const forward = (weekdayIn(source.start, timeZone) - weekdayIn(candidate.start, timeZone) + 7) % 7;
  let days = forward <= 3 ? forward : forward - 7;
  const moved = (by: number) => ({
    start: shiftDays(candidate.start, by, timeZone),
    end: shiftDays(candidate.end, by, timeZone),
  });
  if (days > 0 && moved(days).end.getTime() > source.start.getTime()) days -= 7;
  return days === 0 ? candidate : moved(days);
}

/**
 * The period before `range` in the view's zone: a range of whole days (wall-clock, so a week across
 * a DST change is still seven midnights to midnight) moved back by its days; anything else by its
 * length in time (lib/analytics/period.ts). Cut to what has elapsed of `range` at `now`.
 */
function periodBefore(range: DateRange, timeZone: string, now?: Date): DateRange | null {
  const second = (at: Date) => Math.round(at.getTime() / 1000) * 1000;
  const start = new TZDate(second(range.start), timeZone);
  const end = new TZDate(second(range.end), timeZone);
  const days = differenceInCalendarDays(end, start);
  if (days < 1 || addDays(start, days).getTime() !== end.getTime()) return previousRange(range, now);
  const elapsedEnd = now ? Math.min(range.end.getTime(), now.getTime() + 1) : range.end.getTime();
  if (elapsedEnd <= range.start.getTime()) return null;
  return {
    start: shiftDays(range.start, -days, timeZone),
    end: shiftDays(new Date(second(new Date(elapsedEnd))), -days, timeZone),
  };
}

/** The same wall-clock span a year earlier (29 February reads as 28 February). */
function yearBefore(range: DateRange, timeZone: string): DateRange {
  const back = (at: Date) => new Date(subYears(new TZDate(at, timeZone), 1).getTime());
  return { start: back(range.start), end: back(range.end) };
}

/**
 * The range `range` (the view's, in `timeZone`) is compared with at `now`. The previous period and
 * the year before cover as much as has elapsed of `range` ("today" at 07:00 is set beside the
 * other day until 07:00); a custom range is taken whole. Null when there is nothing to compare:
 * nothing of `range` has elapsed yet, or a custom range the zone cannot read.
 */
export function comparisonRange(
  range: DateRange,
  comparison: Comparison,
  timeZone: string,
  now?: Date,
): DateRange | null {
  if (comparison.mode === "custom") {
    try {
      return resolveRange({ timezone: timeZone, start: comparison.start, end: comparison.end }, now ?? range.end);
    } catch {
      return null;
    }
  }
  const elapsedEnd = now ? Math.min(range.end.getTime(), now.getTime() + 1) : range.end.getTime();
  if (elapsedEnd <= range.start.getTime()) return null;
  const candidate =
    comparison.mode === "previous"
      ? periodBefore(range, timeZone, now)
      : yearBefore({ start: range.start, end: new Date(elapsedEnd) }, timeZone);
  if (!candidate) return null;
  return comparison.matchWeekday ? matchWeekday(candidate, range, timeZone) : candidate;
}

/** Range parameters for the comparison of the view `params` denote at `now`; null when there is none. */
export function comparisonParams(params: RangeParams, comparison: Comparison, now: Date): RangeParams | null {
  if (!isComparable(params, comparison)) return null;
  let range: DateRange;
  try {
    range = resolveRange(params, now);
  } catch {
    return null;
  }
  const compared = comparisonRange(range, comparison, params.timezone, now);
  return compared && { timezone: params.timezone, ...rangeToBounds(compared) };
}
