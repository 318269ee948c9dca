import { analyticsQueryToParams, type AnalyticsQuery } from "../contract/analytics";
import {
  comparisonId,
  comparisonParams,
  isComparable,
  PREVIOUS_PERIOD,
  type Comparison,
} from "../analytics/comparison";
import { withRange } from "../analytics/queries";
import type { ApiScope } from "../scope/apiScope";
import { keptResults } from "./keptResults";
import { RequestError } from "./requestError";

/**
 * The one key factory of analytics queries, and the request each key stands for. Plain code
 * (not client-only): the browser's hooks and the server's first render (which fills the same
 * keys, lib/server/firstScreen.ts) both build keys here.
 */

/** The view's own period, or what it is compared with ("previous": the previous period, the comparison the key figures make by default). */
export type Period = "current" | "previous" | Comparison;

/** The comparison a period other than the current one stands for. */
export function comparisonOf(period: Exclude<Period, "current">): Comparison {
  return period === "previous" ? PREVIOUS_PERIOD : period;
}

/** A period as text: "current", "previous", "year~weekday", "custom:2026-01-01..2026-01-31". */
export function periodId(period: Period): string {
  return period === "current" ? "current" : comparisonId(comparisonOf(period));
}

const MINUTE = 60_000;

/** True when the query's range has a period to compare with (all time has none before it, but a custom range). */
export function hasPreviousPeriod(query: AnalyticsQuery, period: Period = "previous"): boolean {
  return period === "current" || isComparable(query, comparisonOf(period));
}

/**
 * The request actually sent for a period. "Now" is floored to the minute so viewers of the
 * same URL within a minute ask the identical question and share the server's cache.
 */
export function paramsForPeriod(query: AnalyticsQuery, period: Period, now: number): string {
  const current = analyticsQueryToParams(query).toString();
  if (period === "current") return current;
  return comparedParams(query, period, Math.floor(now / MINUTE) * MINUTE, current);
}

/** A comparison's request, worked out (in the view's zone) once per question and minute; none to compare with throws, and is not kept. */
const comparedParams = keptResults(
  (query: AnalyticsQuery, period: Exclude<Period, "current">, minute: number, _current: string): string => {
    const range = comparisonParams(query, comparisonOf(period), new Date(minute));
    if (!range) throw new RequestError(0, "no_previous_period", "This range has no period to compare with.");
    return analyticsQueryToParams(withRange(query, range)).toString();
  },
  (_query, period, minute, current) => `${minute} ${periodId(period)} ${current}`,
);

/**
 * The cache key of an analytics query: every chart and list of one workspace (or share link)
 * asking the same question shares it; the scope comes first, so another workspace's answer is
 * never reused.
 */
export function analyticsQueryKey(
  scope: ApiScope,
  query: AnalyticsQuery,
  period: Period = "current",
): readonly unknown[] {
  const params = analyticsQueryToParams(query).toString();
  return period === "current" ? [scope, "analytics", params] : [scope, "analytics", params, periodId(period)];
}

/** What an analytics key asks, whatever the scope: the same question in every workspace. */
export function analyticsQuestion(query: AnalyticsQuery, period: Period = "current"): string {
  return `${periodId(period)} ${analyticsQueryToParams(query).toString()}`;
}

/** The kind of request a key stands for (`"analytics"`, `"events"`…), whatever its scope. */
export function keyKind(key: readonly unknown[]): unknown {
  return key[1];
}
