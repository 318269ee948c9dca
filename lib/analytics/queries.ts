import type { AnalyticsEvent, AnalyticsQuery, Granularity } from "../contract/analytics";
import {
  BREAKDOWNS,
  FILTER_PARAMS,
  filterSpec,
  type BreakdownGroupBy,
  type EventKind,
  type FilterParam,
  type GroupBy,
} from "../contract/dimensions";
import type { CommonQuery, FilterClauses } from "../contract/query";
import type { RangeParams } from "../contract/dateRange";
import { forKind } from "../filters/view";

export type QueryFor<G extends GroupBy> = AnalyticsQuery & { groupBy: G };

/**
 * The analytics query for one chart: the view's range and filters (paging and sort dropped). A
 * composite query keeps every filter (the platform applies each to the kinds it exists on); a
 * query of one kind leaves out the filters that kind does not have.
 */
export function chartQuery<G extends GroupBy>(
  view: CommonQuery,
  event: AnalyticsEvent,
  groupBy: G,
  granularity?: Granularity,
): QueryFor<G> {
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
  return event === "composite" ? query : forKind(query, event);
}

/**
 * The same query without one dimension's filter, so a card still lists the values it could add;
 * a filter that needs it (key needs domain) goes too, as it cannot stand alone.
 */
export function withoutFilter<Q extends AnalyticsQuery>(query: Q, param: FilterParam): Q {
  const dropped = FILTER_PARAMS.filter(
    (other) => query.filters[other] && (other === param || filterSpec(other).requires === param),
  );
  if (dropped.length === 0) return query;
  const filters: FilterClauses = { ...query.filters };
  for (const other of dropped) delete filters[other];
  return { ...query, filters, metadata: filters.query ? query.metadata : [] };
}

/**
 * A dimension's values in the view, for a breakdown card and the filter editor alike (one request,
 * one cache entry): the view's kind grouped by it, without that dimension's own filter.
 */
export function breakdownQuery<G extends BreakdownGroupBy>(
  view: CommonQuery & { event: EventKind },
  groupBy: G,
): QueryFor<G> {
  return withoutFilter(chartQuery(view, view.event, groupBy), BREAKDOWNS[groupBy].filter);
}

export function withFilters<Q extends AnalyticsQuery>(query: Q, patch: FilterClauses): Q {
  return { ...query, filters: { ...query.filters, ...patch } };
}

/** The query over another period: explicit bounds replace the interval. */
export function withRange<Q extends AnalyticsQuery>(query: Q, range: RangeParams): Q {
  return { ...query, interval: range.interval, start: range.start, end: range.end, timezone: range.timezone };
}
