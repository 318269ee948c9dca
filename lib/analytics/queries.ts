import type { AnalyticsEvent, AnalyticsQuery, Granularity } from "../contract/analytics";
import type { GroupBy } from "../contract/groupBy";
import type { CommonQuery, FilterClauses } from "../contract/query";
import type { RangeParams } from "../contract/dateRange";
import type { FilterParam } from "../filters/table";

export type QueryFor<G extends GroupBy> = AnalyticsQuery & { groupBy: G };

/** The analytics query for one chart: the view's range and filters (paging and sort dropped). */
export function chartQuery<G extends GroupBy>(view: CommonQuery, event: AnalyticsEvent, groupBy: G, granularity?: Granularity): QueryFor<G> {
  const query: QueryFor<G> = {
    event,
    groupBy,
    interval: view.interval,
    start: view.start,
    end: view.end,
    timezone: view.timezone,
    filters: view.filters,
    metadata: view.metadata,
  };
  if (granularity) query.granularity = granularity;
  return query;
}

/** The same query without one dimension's filter, so a card still lists the values it could add. */
export function withoutFilter<Q extends AnalyticsQuery>(query: Q, param: FilterParam): Q {
  if (!query.filters[param]) return query;
  const filters: FilterClauses = { ...query.filters };
  delete filters[param];
  return { ...query, filters, metadata: param === "query" ? [] : query.metadata };
}

export function withFilters<Q extends AnalyticsQuery>(query: Q, patch: FilterClauses): Q {
  return { ...query, filters: { ...query.filters, ...patch } };
}

/** The query over another period: explicit bounds replace the interval. */
export function withRange<Q extends AnalyticsQuery>(query: Q, range: RangeParams): Q {
  return { ...query, interval: range.interval, start: range.start, end: range.end, timezone: range.timezone };
}
