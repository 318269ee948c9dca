import type { AnalyticsQuery, BreakdownRow, Metrics, TimeseriesRow } from "../../contract/analytics";
import type { BreakdownGroupBy } from "../../contract/dimensions";
import { analyticsBreakdown } from "./analyticsBreakdown";
import { analyticsCount } from "./analyticsCount";
import { analyticsTimeseries } from "./analyticsTimeseries";
import type { ListScope } from "./scope";
import type { Store } from "./store";

export type AnalyticsResult = Metrics | TimeseriesRow[] | BreakdownRow<BreakdownGroupBy>[];

/** GET /analytics: one query for the groupBy, over the workspace and the resolved range. */
export function queryAnalytics(store: Store, query: AnalyticsQuery, scope: ListScope): Promise<AnalyticsResult> {
  switch (query.groupBy) {
    case "count":
      return analyticsCount(store, query, scope);
    case "timeseries":
      return analyticsTimeseries(store, query, scope);
    default:
      return analyticsBreakdown(store, query.groupBy, query, scope);
  }
}
