"use client";

import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { AnalyticsReply } from "../contract/analytics";
import type { BreakdownGroupBy } from "../contract/dimensions";
import { isNamedParam, nameOptionsSchema, type NamedParam } from "../contract/names";
import type { EventsQuery } from "../contract/query";
import { breakdownQuery, type QueryFor } from "../analytics/queries";
import { describeRow, type AnalyticsRow, type Filter } from "../filters/dimensions";
import { PRIORITY, fetchJson } from "./fetchJson";
import type { ApiScope } from "../scope/apiScope";
import { useApiScope } from "../scope/ApiScopeContext";
import { RequestError } from "./requestError";
import { analyticsQueryOptions } from "./useAnalytics";

export interface FilterOption {
  value: string;
  label: string;
  /** A second line, e.g. a link's destination. */
  detail?: string;
  /** Events of the current kind with this value, in the current view; none for names from a list (folders, partner tags). */
  count?: number;
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
const NO_OPTIONS = queryOptions<Rows, RequestError, Rows, readonly unknown[]>({
  queryKey: ["none", "analytics", null],
  queryFn: skipToken,
});

export function optionsFromRows(
  groupBy: BreakdownGroupBy,
  rows: readonly AnalyticsRow[],
  metric: string,
): FilterOption[] {
  const options: FilterOption[] = [];
  for (const row of rows) {
    const { value, label, detail } = describeRow(groupBy, row);
    if (value.length === 0) continue;
    const count = row[metric];
    options.push({ value, label, detail, count: typeof count === "number" ? count : 0 });
  }
  return options;
}

/**
 * A filter's values with counts from GET /api/analytics. `enabled: false` only reads what an
 * open editor or a breakdown card already fetched (chips use it to name ids), never requesting on its own.
 */
export function useFilterOptions(
  def: Filter,
  query: EventsQuery,
  { enabled = true }: { enabled?: boolean } = {},
): FilterOptionsState {
  const scope = useApiScope();
  const options = filterOptionsQuery(def, query);
  const result = useQuery(options ? analyticsQueryOptions(scope, options, { enabled, priority: "high" }) : NO_OPTIONS);
  const named = isNamedParam(def.param) ? def.param : null;
  const names = useQuery(namesQueryOptions(scope, named));
  if (named) return namesState(names.data, names.error);
  if (!options) return { status: "none" };
  if (result.data) return { status: "ready", options: optionsFromRows(options.groupBy, result.data, query.event) };
  if (result.error) {
    if (result.error.status === 404) return { status: "unavailable" };
    return { status: "error", message: result.error.message };
  }
  return { status: enabled ? "loading" : "unavailable" };
}

type Names = FilterOption[];

/**
 * Names of a filter's ids from the platform's list of them (lib/contract/names.ts), for filters no
 * /analytics grouping names: one request per workspace and filter, kept a minute. Chips name their
 * ids with it too, so it is requested whenever one shows.
 */
function namesQueryOptions(scope: ApiScope, param: NamedParam | null) {
  return queryOptions<Names, RequestError, Names, readonly unknown[]>({
    queryKey: [scope, "names", param],
    staleTime: 60_000,
    queryFn: param
      ? async ({ signal }) => {
          const read = nameOptionsSchema.safeParse(
            await fetchJson(scope, `/api/names?param=${param}`, signal, PRIORITY.visible),
          );
          if (!read.success)
            throw new RequestError(200, "invalid_response", "The dashboard sent names it cannot read.");
          return read.data;
        }
      : skipToken,
  });
}

function namesState(data: Names | undefined, error: RequestError | null): FilterOptionsState {
  if (data) return { status: "ready", options: data };
  // No list on this platform (404), or not for this reader (403, a shared link): ids typed in as they are.
  if (error)
    return error.status === 404 || error.status === 403
      ? { status: "unavailable" }
      : { status: "error", message: error.message };
  return { status: "loading" };
}
