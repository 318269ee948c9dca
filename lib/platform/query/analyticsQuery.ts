import type { AnalyticsQuery, BreakdownRow, Metrics, TimeseriesRow } from "../../contract/analytics";
import type { BreakdownGroupBy } from "../../contract/groupBy";
import type { Db } from "./db";
import { analyticsBreakdown } from "./analyticsBreakdown";
import { analyticsCount } from "./analyticsCount";
import { analyticsTimeseries } from "./analyticsTimeseries";
import type { ListScope } from "./eventsQuery";

export type AnalyticsResult = Metrics | TimeseriesRow[] | BreakdownRow<BreakdownGroupBy>[];

/** GET /analytics: one query for the groupBy, over the workspace and the resolved range. */
export function queryAnalytics(db: Db, query: AnalyticsQuery, scope: ListScope): Promise<AnalyticsResult> {
  switch (query.groupBy) {
    case "count":
      return analyticsCount(db, query, scope);
    case "timeseries":
      return analyticsTimeseries(db, query, scope);
    default:
      return analyticsBreakdown(db, query.groupBy, query, scope);
  }
}
