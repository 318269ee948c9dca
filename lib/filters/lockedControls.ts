import type { DateRange } from "../contract/dateRange";
import { resolveRange } from "../contract/dateRange";
import type { FilterParam } from "../contract/dimensions";
import type { CommonQuery } from "../contract/query";
import { previousPeriodParams } from "../analytics/period";
import { formatRangeInZone } from "../format/date";

/**
 * What a share link's page offers, given its lock (lib/access/shareLock.ts: the server narrows
 * every request to it and refuses what would widen it): each control the lock forbids is off or
 * disabled, and says why. Pure, so the rule is tested once and the controls only ask.
 */

export const LIVE_OFF_ON_SHARES = "The live view is off on shared links.";

/** True when the lock fixes this filter: the recipient may narrow it (fewer values), never remove it. */
export function isLockedFilter(lock: CommonQuery | null, param: FilterParam): boolean {
  return lock !== null && lock.filters[param] !== undefined;
}

function safeResolve(range: CommonQuery | Omit<CommonQuery, "filters" | "metadata">, now: Date): DateRange | null {
  try {
    return resolveRange(range, now);
  } catch {
    return null;
  }
}

function inside(inner: DateRange, outer: DateRange): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/** The lock's dates as the page says them. */
export function lockRangeText(lock: CommonQuery, now: Date): string {
  const outer = safeResolve(lock, now);
  return outer ? formatRangeInZone(outer, lock.timezone, now) : "its own dates";
}

/**
 * Why a range cannot be chosen on a share link (it reaches outside the lock's dates: the server
 * would clip it, and the page would name a range it does not show), or null when it lies within.
 */
export function rangeRefusal(
  lock: CommonQuery | null,
  range: Pick<CommonQuery, "interval" | "start" | "end" | "timezone">,
  now: Date,
): string | null {
  if (!lock) return null;
  const outer = safeResolve(lock, now);
  const asked = safeResolve(range, now);
  if (!outer || !asked) return null;
  return inside(asked, outer) ? null : `Outside this shared link's dates (${lockRangeText(lock, now)}).`;
}

/** Why "Compare to previous period" is off on a share link: the period before lies (partly) outside the lock. Null when it may be drawn. */
export function compareRefusal(lock: CommonQuery | null, view: CommonQuery, now: Date): string | null {
  if (!lock) return null;
  const previous = previousPeriodParams(view, now);
  const outer = safeResolve(lock, now);
  const before = previous && safeResolve(previous, now);
  if (!outer || !before || inside(before, outer)) return null;
  return `The previous period is outside this shared link's dates (${lockRangeText(lock, now)}): narrow the range to compare within it.`;
}
