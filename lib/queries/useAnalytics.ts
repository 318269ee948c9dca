"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { analyticsQueryToParams, type AnalyticsQuery, type AnalyticsReply } from "../contract/analytics";
import type { GroupBy } from "../contract/dimensions";
import { previousPeriodParams } from "../analytics/period";
import { withRange } from "../analytics/queries";
import { fetchAnalytics, type Priority } from "./fetchAnalytics";
import { RequestError } from "./requestError";

export type Period = "current" | "previous";

export interface AnalyticsOptions {
  /** False until a lazy card scrolls into view (or its tab opens). */
  enabled?: boolean;
  priority?: Priority;
  /**
   * "previous": the same query over the period of equal length just before. The bounds are
   * resolved when the request is sent (not during render), so the key stays stable.
   */
  period?: Period;
}

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

function groupByOfKey(key: readonly unknown[]): string | null {
  return typeof key[1] === "string" ? new URLSearchParams(key[1]).get("groupBy") : null;
}

/** The cache key of an analytics query: every chart and list asking the same question shares it. */
export function analyticsQueryKey(query: AnalyticsQuery, period: Period = "current"): readonly unknown[] {
  const params = analyticsQueryToParams(query).toString();
  return period === "current" ? ["analytics", params] : ["analytics", params, period];
}

/**
 * One GET /api/analytics request. Key = ["analytics", canonical params(, "previous")].
 * The last answer stays on screen while a new one loads, but only for the same groupBy:
 * countries rows must never be drawn as regions.
 */
export function analyticsQueryOptions<G extends GroupBy>(query: AnalyticsQuery & { groupBy: G }, options: AnalyticsOptions = {}) {
  const { enabled = true, priority = "high", period = "current" } = options;
  const queryKey = analyticsQueryKey(query, period);

  return queryOptions<AnalyticsReply<G>, RequestError, AnalyticsReply<G>, readonly unknown[]>({
    queryKey,
    queryFn: ({ signal }) => fetchAnalytics(query.groupBy, paramsForPeriod(query, period, Date.now()), priority, signal),
    enabled: enabled && (period === "current" || hasPreviousPeriod(query)),
    placeholderData: (previous, previousQuery) =>
      previousQuery && groupByOfKey(previousQuery.queryKey) === query.groupBy && previousQuery.queryKey.length === queryKey.length ? previous : undefined,
  });
}

export function useAnalytics<G extends GroupBy>(query: AnalyticsQuery & { groupBy: G }, options: AnalyticsOptions = {}) {
  return useQuery(analyticsQueryOptions(query, options));
}
