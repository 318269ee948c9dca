import { resolveRange, type DateRange, type RangeParams } from "../contract/dateRange";

/** Length of a range in milliseconds (end is exclusive). */
export function rangeLength(range: DateRange): number {
  return range.end.getTime() - range.start.getTime();
}

/**
 * The period of equal length immediately before `range`. Lengths are taken in whole seconds:
 * a range ending "now" includes the current millisecond (end = now + 1 ms), which would
 * otherwise push every previous bound to hh:mm:59.999.
 */
export function previousRange(range: DateRange): DateRange {
  const length = Math.round(rangeLength(range) / 1000) * 1000;
  return { start: new Date(range.start.getTime() - length), end: new Date(range.start) };
}

/**
 * Explicit `start`/`end` parameters denoting exactly `range`. The API reads a date-time
 * `end` as inclusive (it adds a millisecond), so the last included millisecond is sent.
 */
export function rangeToBounds(range: DateRange): { start: string; end: string } {
  return { start: range.start.toISOString(), end: new Date(range.end.getTime() - 1).toISOString() };
}

/**
 * Range parameters for the period before the one `params` denote, resolved at `now`.
 * Presets such as mtd compare with the same length before their start (not the previous
 * calendar month), so the two numbers cover equal spans. `all` has no previous period.
 */
export function previousPeriodParams(params: RangeParams, now: Date): RangeParams | null {
  if (!params.start && params.interval === "all") return null;
  const previous = previousRange(resolveRange(params, now));
  return { timezone: params.timezone, ...rangeToBounds(previous) };
}
