"use client";

import type { CommonQuery } from "../contract/query";
import { firstWithData } from "../analytics/series";
import { isAllTime, monthsQuery } from "./figurePlan";
import { useAnalytics } from "./useAnalytics";

/**
 * Where an all-time view's data begins: the first month with events, read from one month-by-month
 * series (cheap: the platform keeps it pre-aggregated; the same reply is all time's totals).
 * `since` is undefined while unknown (or for a view that is not all time), null when there is no
 * data at all.
 */
export function useDataSince(view: CommonQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const allTime = isAllTime(view);
  const months = useAnalytics(monthsQuery(view), { enabled: enabled && allTime, priority: "high" });
  const since = allTime && months.data ? firstWithData(months.data) : undefined;
  return { since, error: allTime ? months.error : null, refetch: months.refetch };
}
