import { resolveRange, type DateRange, type RangeParams } from "../contract/dateRange";

/** Length of a range in milliseconds (end is exclusive). */
export function rangeLength(range: DateRange): number {
  return range.end.getTime() - range.start.getTime();
}

/**
 * The period to compare `range` with: the one of equal length immediately before it, cut to the
 * part of it that has elapsed in `range` at `now`. "Today" at 07:00 compares with yesterday until
 * 07:00, not with all of yesterday; a range over and done compares with the whole period before.
 * Lengths are taken in whole seconds: a range ending "now" includes the current millisecond
 * (end = now + 1 ms), which would otherwise push every previous bound to hh:mm:59.999. Null when
 * nothing of `range` has elapsed yet.
 */
export function previousRange(range: DateRange, now?: Date): DateRange | null {
  const wholeSeconds = (ms: number) => Math.round(ms / 1000) * 1000;
  const length = wholeSeconds(rangeLength(range));
  const elapsedEnd = now ? Math.min(range.end.getTime(), now.getTime() + 1) : range.end.getTime();
  const elapsed = wholeSeconds(elapsedEnd - range.start.getTime());
  if (elapsed <= 0) return null;
  const start = range.start.getTime() - length;
  return { start: new Date(start), end: new Date(start + elapsed) };
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
  const previous = previousRange(resolveRange(params, now), now);
  return previous && { timezone: params.timezone, ...rangeToBounds(previous) };
}
