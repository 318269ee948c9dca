"use client";

import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { AnalyticsReply } from "../contract/analytics";
import { breakdownOf, type BreakdownGroupBy } from "../contract/groupBy";
import type { EventsQuery } from "../contract/query";
import { breakdownQuery, type QueryFor } from "../analytics/queries";
import type { Filter, FilterParam } from "../filters/table";
import { analyticsRowDetail, analyticsRowLabel, type AnalyticsRow } from "../format/analyticsRow";
import { formatFilterValue } from "../format/filterValue";
import type { RequestError } from "./requestError";
import { analyticsQueryOptions } from "./useAnalytics";

export interface FilterOption {
  value: string;
  label: string;
  /** A second line, e.g. a link's destination. */
  detail?: string;
  /** Events of the current kind with this value, in the current view. */
  count: number;
}

export type FilterOptionsState =
  | { status: "none" } // the filter has no option grouping
  | { status: "loading" }
  | { status: "unavailable" } // the analytics endpoint does not exist (yet): free text only
  | { status: "error"; message: string }
  | { status: "ready"; options: FilterOption[] };

/**
 * The analytics query listing a filter's values: the breakdown card's own query for that
 * dimension, so the editor and the card share one request. Null when the filter has none.
 */
export function filterOptionsQuery(def: Filter, query: EventsQuery): QueryFor<BreakdownGroupBy> | null {
  return def.options ? breakdownQuery(query, def.options) : null;
}

type Rows = AnalyticsReply<BreakdownGroupBy>;
// For a filter without a grouping: the hook still runs (hooks cannot be skipped) but never fetches.
const NO_OPTIONS = queryOptions<Rows, RequestError, Rows, readonly unknown[]>({ queryKey: ["analytics", null], queryFn: skipToken });

export function optionsFromRows(param: FilterParam, groupBy: BreakdownGroupBy, rows: readonly AnalyticsRow[], metric: string): FilterOption[] {
  const breakdown = breakdownOf(groupBy);
  if (!breakdown) return [];
  const options: FilterOption[] = [];
  for (const row of rows) {
    const value = row[breakdown.rowKey];
    if (typeof value !== "string" || value.length === 0) continue;
    const count = row[metric];
    options.push({
      value,
      label: analyticsRowLabel(groupBy, row) ?? formatFilterValue(param, value),
      detail: analyticsRowDetail(groupBy, row),
      count: typeof count === "number" ? count : 0,
    });
  }
  return options;
}

/**
 * A filter's values with counts from GET /api/analytics. `enabled: false` only reads what an
 * open editor or a breakdown card already fetched (chips use it to name ids), never requesting on its own.
 */
export function useFilterOptions(def: Filter, query: EventsQuery, { enabled = true }: { enabled?: boolean } = {}): FilterOptionsState {
  const options = filterOptionsQuery(def, query);
  const result = useQuery(options ? analyticsQueryOptions(options, { enabled, priority: "high" }) : NO_OPTIONS);
  if (!options) return { status: "none" };
  if (result.data) return { status: "ready", options: optionsFromRows(def.param, options.groupBy, result.data, query.event) };
  if (result.error) {
    if (result.error.status === 404) return { status: "unavailable" };
    return { status: "error", message: result.error.message };
  }
  return { status: enabled ? "loading" : "unavailable" };
}
