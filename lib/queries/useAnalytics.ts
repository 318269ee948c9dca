"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery, AnalyticsReply } from "../contract/analytics";
import type { GroupBy } from "../contract/dimensions";
import { analyticsQueryKey, hasPreviousPeriod, paramsForPeriod, type Period } from "./analyticsKeys";
import { fetchAnalytics, type Priority } from "./fetchAnalytics";
import type { ApiScope } from "../scope/apiScope";
import { useApiScope } from "../scope/ApiScopeContext";
import type { RequestError } from "./requestError";

export { hasPreviousPeriod, type Period };

export interface AnalyticsOptions {
  /** False until a lazy card scrolls into view (or its tab opens). */
  enabled?: boolean;
  priority?: Priority;
  /**
   * "previous" or another comparison: the same query over the period it is compared with. The
   * bounds are resolved when the request is sent (not during render), so the key stays stable.
   */
  period?: Period;
}

function groupByOfKey(key: readonly unknown[]): string | null {
  return typeof key[2] === "string" ? new URLSearchParams(key[2]).get("groupBy") : null;
}

/**
 * One GET /api/analytics request of a workspace or share link. Key = [scope, "analytics", canonical params(, "previous")].
 * The last answer stays on screen while a new one loads, but only for the same groupBy:
 * countries rows must never be drawn as regions.
 */
export function analyticsQueryOptions<G extends GroupBy>(
  scope: ApiScope,
  query: AnalyticsQuery & { groupBy: G },
  options: AnalyticsOptions = {},
) {
  const { enabled = true, priority = "high", period = "current" } = options;
  const queryKey = analyticsQueryKey(scope, query, period);

  return queryOptions<AnalyticsReply<G>, RequestError, AnalyticsReply<G>, readonly unknown[]>({
    queryKey,
    queryFn: ({ signal }) =>
      fetchAnalytics(scope, query.groupBy, paramsForPeriod(query, period, Date.now()), priority, signal),
    enabled: enabled && hasPreviousPeriod(query, period),
    placeholderData: (previous, previousQuery) =>
      previousQuery &&
      previousQuery.queryKey[0] === scope &&
      groupByOfKey(previousQuery.queryKey) === query.groupBy &&
      previousQuery.queryKey.length === queryKey.length
        ? previous
        : undefined,
  });
}

export function useAnalytics<G extends GroupBy>(
  query: AnalyticsQuery & { groupBy: G },
  options: AnalyticsOptions = {},
) {
  return useQuery(analyticsQueryOptions(useApiScope(), query, options));
}
