"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { breakdownOf, type BreakdownGroupBy } from "../contract/groupBy";
import { commonToParams, type EventsQuery, type FilterClauses } from "../contract/query";
import { FILTER_LIST, type Filter, type FilterParam } from "../filters/table";
import { analyticsRowDetail, analyticsRowLabel, type AnalyticsRow } from "../format/analyticsRow";
import { formatFilterValue } from "../format/filterValue";
import { fetchJson } from "./fetchJson";
import { isRequestError } from "./requestError";

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

const rowsSchema = z.array(z.record(z.string(), z.unknown()));

/**
 * The analytics request listing a filter's values: the current view without this filter's own
 * clause (so picking a second value stays possible), nor the filters that depend on it.
 */
export function filterOptionsParams(def: Filter, query: EventsQuery, groupBy: BreakdownGroupBy): string {
  const filters: FilterClauses = { ...query.filters };
  for (const other of FILTER_LIST) {
    if (other.param === def.param || other.requires === def.param) delete filters[other.param];
  }
  const params = commonToParams({ ...query, filters, metadata: filters.query ? query.metadata : [] });
  params.set("event", query.event);
  params.set("groupBy", groupBy);
  return params.toString();
}

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
 * open editor already fetched (chips use it to name ids), never requesting on its own.
 */
export function useFilterOptions(def: Filter, query: EventsQuery, { enabled = true }: { enabled?: boolean } = {}): FilterOptionsState {
  const groupBy = def.options;
  const params = groupBy ? filterOptionsParams(def, query, groupBy) : "";
  const result = useQuery({
    queryKey: ["analytics", params],
    queryFn: async ({ signal }) => rowsSchema.parse(await fetchJson(`/api/analytics?${params}`, signal)),
    enabled: enabled && groupBy !== undefined,
    staleTime: 60_000,
    // A missing endpoint or a refusal will not fix itself within the session.
    retry: (failures, error) => !(isRequestError(error) && error.status >= 400 && error.status < 500) && failures < 1,
  });
  if (!groupBy) return { status: "none" };
  if (result.data) return { status: "ready", options: optionsFromRows(def.param, groupBy, result.data, query.event) };
  if (result.error) {
    if (isRequestError(result.error) && result.error.status === 404) return { status: "unavailable" };
    return { status: "error", message: result.error.message };
  }
  return { status: enabled ? "loading" : "unavailable" };
}
