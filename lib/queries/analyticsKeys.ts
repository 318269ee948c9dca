import { analyticsQueryToParams, type AnalyticsQuery } from "../contract/analytics";
import { previousPeriodParams } from "../analytics/period";
import { withRange } from "../analytics/queries";
import type { ApiScope } from "../scope/apiScope";
import { RequestError } from "./requestError";

/**
 * The one key factory of analytics queries, and the request each key stands for. Plain code
 * (not client-only): the browser's hooks and the server's first render (which fills the same
 * keys, lib/server/firstScreen.ts) both build keys here.
 */

export type Period = "current" | "previous";

const MINUTE = 60_000;

/** True when the query's range has a period before it (all time has none). */
export function hasPreviousPeriod(query: AnalyticsQuery): boolean {
  return Boolean(query.start) || query.interval !== "all";
}

/**
 * The request actually sent for a period. "Now" is floored to the minute so viewers of the
 * same URL within a minute ask the identical question and share the server's cache.
 */
export function paramsForPeriod(query: AnalyticsQuery, period: Period, now: number): string {
  if (period === "current") return analyticsQueryToParams(query).toString();
  const range = previousPeriodParams(query, new Date(Math.floor(now / MINUTE) * MINUTE));
  if (!range) throw new RequestError(0, "no_previous_period", "All time has no previous period to compare with.");
  return analyticsQueryToParams(withRange(query, range)).toString();
}

/**
 * The cache key of an analytics query: every chart and list of one workspace (or share link)
 * asking the same question shares it; the scope comes first, so another workspace's answer is
 * never reused.
 */
export function analyticsQueryKey(scope: ApiScope, query: AnalyticsQuery, period: Period = "current"): readonly unknown[] {
  const params = analyticsQueryToParams(query).toString();
  return period === "current" ? [scope, "analytics", params] : [scope, "analytics", params, period];
}

/** What an analytics key asks, whatever the scope: the same question in every workspace. */
export function analyticsQuestion(query: AnalyticsQuery, period: Period = "current"): string {
  return `${period} ${analyticsQueryToParams(query).toString()}`;
}

/** The kind of request a key stands for (`"analytics"`, `"events"`…), whatever its scope. */
export function keyKind(key: readonly unknown[]): unknown {
  return key[1];
}
