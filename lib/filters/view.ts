import { FILTER_PARAMS, appliesTo, type EventKind, type FilterParam } from "../contract/dimensions";
import { readFilterValue } from "../contract/filterValues";
import { readEventsQuery, type CommonQuery, type EventsQuery, type FilterClause, type FilterClauses, type RawParams } from "../contract/query";
import { API_KEYS, type ApiKey } from "../url/keys";

/**
 * The dashboard's view state lives in the page URL under the API's own parameter names.
 * `readView` turns the raw URL values into the query the page shows; values the contract
 * rejects are reported (and ignored) instead of breaking the page.
 */

/** The API's parameters as the URL holds them (lib/url/keys.ts). */
export type RawView = Partial<Record<ApiKey, string | null>>;

export interface ViewProblem {
  param: string;
  /** The rejected value as it stands in the URL. */
  value: string;
  message: string;
}

export interface View {
  /** The page's view: every valid filter, whatever kind it exists on (each applies where it can). */
  query: EventsQuery;
  /** The events table's query: the page's, keeping only the filters its kind has. */
  table: EventsQuery;
  /** Filters of the page that the current kind does not have (its table and breakdowns go without them). */
  notOnKind: FilterParam[];
  problems: ViewProblem[];
}

/** A query of one kind: the filters that kind does not have are left out (the API would refuse them). */
export function forKind<Q extends CommonQuery>(query: Q, kind: EventKind): Q {
  const dropped = FILTER_PARAMS.filter((param) => query.filters[param] && !appliesTo(param, kind));
  if (dropped.length === 0) return query;
  const filters: FilterClauses = { ...query.filters };
  for (const param of dropped) delete filters[param];
  return { ...query, filters, metadata: filters.query ? query.metadata : [] };
}

export function readView(raw: RawView, defaultTimeZone: string): View {
  const params: RawParams = {};
  for (const param of Object.keys(API_KEYS) as ApiKey[]) {
    const value = raw[param];
    if (value !== null && value !== undefined) params[param] = value;
  }
  const { query, problems } = readEventsQuery(params, { defaultTimeZone, perKind: false });
  return {
    query,
    table: forKind(query, query.event),
    notOnKind: FILTER_PARAMS.filter((param) => query.filters[param] && !appliesTo(param, query.event)),
    problems: problems.map((problem) => ({ param: problem.param, value: params[problem.param] ?? "", message: problem.message })),
  };
}

export type FilterInputCheck = { ok: true; clause: FilterClause } | { ok: false; message: string };

/** A value typed into the filter panel, checked exactly as the URL would be: the clause it makes, or why not. */
export function checkFilterInput(param: FilterParam, raw: string): FilterInputCheck {
  const input = readFilterValue(param, raw);
  return input.ok ? input : { ok: false, message: input.problem.message };
}
