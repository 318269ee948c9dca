"use client";

import type { RangeParams } from "../contract/dateRange";
import type { CommonQuery } from "../contract/query";
import { chartQuery } from "../analytics/queries";
import { firstWithData } from "../analytics/series";
import { isoDateInZone } from "../format/date";
import { useAnalytics } from "./useAnalytics";

/** All time, as the URL says it: no start, interval=all. */
export function isAllTime(range: RangeParams): boolean {
  return !range.start && range.interval === "all";
}

/**
 * Where an all-time view's data begins: the first month with events, read from one month-by-month
 * series (cheap: the platform keeps it pre-aggregated). `since` is undefined while unknown (or for
 * a view that is not all time), null when there is no data at all.
 */
export function useDataSince(view: CommonQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const allTime = isAllTime(view);
  const months = useAnalytics(chartQuery(view, "composite", "timeseries", "month"), { enabled: enabled && allTime, priority: "high" });
  const since = allTime && months.data ? firstWithData(months.data) : undefined;
  return { since, error: allTime ? months.error : null, refetch: months.refetch };
}

/** The view a chart over all time draws: from the first month with data, so it picks a bucket size for the data's span, not the workspace's age. */
export function fromDataStart<V extends CommonQuery>(view: V, since: string): V {
  return { ...view, interval: undefined, start: isoDateInZone(new Date(since), view.timezone), end: undefined };
}
