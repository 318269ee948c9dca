import { FILTER_PARAMS, appliesTo, type EventKind, type FilterParam } from "../contract/dimensions";
import { readFilterValue } from "../contract/filterValues";
import {
  readEventsQuery,
  type QueryProblem,
  type CommonQuery,
  type EventsQuery,
  type FilterClause,
  type FilterClauses,
  type RawParams,
} from "../contract/query";
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
  /** A range whose start is after its end: the same bounds the other way round, which the page offers. */
  swapped?: { start: string; end: string };
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
  const read = readEventsQuery(params, { defaultTimeZone, perKind: false });
  // A range with a refused bound is refused whole, as the date picker refuses it: keeping the other
  // bound would make a range nobody asked for (an end alone counts a day back from it).
  const rangeRefused = read.problems.some((problem) => problem.param === "start" || problem.param === "end");
  const query = rangeRefused ? { ...read.query, start: undefined, end: undefined } : read.query;
  return {
    query,
    table: forKind(query, query.event),
    notOnKind: FILTER_PARAMS.filter((param) => query.filters[param] && !appliesTo(param, query.event)),
    problems: read.problems.map((problem) => viewProblem(problem, params)),
  };
}

function viewProblem(problem: QueryProblem, params: RawParams): ViewProblem {
  const { start, end } = params;
  // Both bounds read, but in the wrong order (the contract's cross-field rule).
  if (problem.param === "start" && start && end && problem.message.startsWith("Invalid range")) {
    return {
      param: "start",
      value: start,
      message: `The range starts (${start}) after it ends (${end}). The date picker refuses such a range too, so the page leaves both dates out.`,
      swapped: { start: end, end: start },
    };
  }
  return { param: problem.param, value: params[problem.param] ?? "", message: problem.message };
}

export type FilterInputCheck = { ok: true; clause: FilterClause } | { ok: false; message: string };

/** A value typed into the filter panel, checked exactly as the URL would be: the clause it makes, or why not. */
export function checkFilterInput(param: FilterParam, raw: string): FilterInputCheck {
  const input = readFilterValue(param, raw);
  return input.ok ? input : { ok: false, message: input.problem.message };
}
