import { ApiError } from "../contract/errors";
import { parseMetadataQuery } from "../contract/metadataQuery";
import { buildCommon, eventsParamsSchema, type EventsQuery, type FilterClause, DEFAULT_LIMIT } from "../contract/query";
import { EVENT_KINDS, FILTER_LIST, appliesTo, filterDef, type EventKind, type FilterParam } from "./table";

/**
 * The dashboard's view state lives in the page URL under the API's own parameter names.
 * `readView` turns the raw URL values into the query the page shows; values the contract
 * rejects are reported (and ignored) instead of breaking the page.
 */

export const RANGE_PARAMS = ["interval", "start", "end", "timezone"] as const;
export const PAGING_PARAMS = ["page", "limit", "sortOrder"] as const;
const DEPRECATED_PARAMS = ["tagIds", "qr", "order"] as const;

/** Every URL key the dashboard reads. */
export const VIEW_PARAMS = ["event", ...RANGE_PARAMS, ...PAGING_PARAMS, ...FILTER_LIST.map((f) => f.param), ...DEPRECATED_PARAMS] as const;
export type ViewParam = (typeof VIEW_PARAMS)[number];
export type RawView = Partial<Record<ViewParam, string | null>>;

export interface ViewProblem {
  param: string;
  /** The rejected value as it stands in the URL. */
  value: string;
  message: string;
}

export interface View {
  query: EventsQuery;
  /** Filters in the URL that do not apply to the current event kind (kept, not sent). */
  inactive: Partial<Record<FilterParam, FilterClause>>;
  problems: ViewProblem[];
}

type Shape = typeof eventsParamsSchema.shape;

function parseOne<K extends keyof Shape>(param: K, raw: string, problems: ViewProblem[]) {
  const result = eventsParamsSchema.shape[param].safeParse(raw);
  if (result.success) return result.data;
  problems.push({ param, value: raw, message: result.error.issues[0]?.message ?? `Invalid value for "${param}".` });
  return undefined;
}

export function readView(raw: RawView, defaultTimeZone: string): View {
  const problems: ViewProblem[] = [];
  const parsed: Record<string, unknown> = {};
  for (const param of VIEW_PARAMS) {
    const value = raw[param];
    if (value === null || value === undefined) continue;
    const data = parseOne(param as keyof Shape, value, problems);
    if (data !== undefined) parsed[param] = data;
  }
  const event: EventKind = EVENT_KINDS.includes(parsed.event as EventKind) ? (parsed.event as EventKind) : "clicks";
  const inactive: View["inactive"] = {};
  for (const def of FILTER_LIST) {
    if (parsed[def.param] !== undefined && !appliesTo(def, event)) {
      inactive[def.param] = parsed[def.param] as FilterClause;
      delete parsed[def.param];
    }
  }
  if (parsed.timezone === undefined) parsed.timezone = defaultTimeZone;
  const common = buildCommonLeniently(parsed, event, (param, message) => problems.push({ param, value: raw[param as ViewParam] ?? "", message }));
  return {
    query: {
      event,
      ...common,
      page: (parsed.page as number | undefined) ?? 1,
      limit: (parsed.limit as number | undefined) ?? DEFAULT_LIMIT,
      sortOrder: (parsed.sortOrder as "asc" | "desc" | undefined) ?? (parsed.order as "asc" | "desc" | undefined) ?? "desc",
      sortBy: "timestamp",
    },
    inactive,
    problems,
  };
}

/** Cross-field rules (key needs domain, query grammar): drop the offending filter and say why. */
function buildCommonLeniently(parsed: Record<string, unknown>, event: EventKind, report: (param: string, message: string) => void) {
  const input = { ...parsed };
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return buildCommon(input as Parameters<typeof buildCommon>[0], [event]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const param = /"([A-Za-z_]+)"/.exec(error.message)?.[1];
      if (!param || !(param in input)) throw error;
      report(param, error.message);
      delete input[param];
    }
  }
  throw new Error("unreachable: more cross-field errors than filters");
}

export type FilterInputCheck = { ok: true; clause: FilterClause } | { ok: false; message: string };

/** A value typed into the filter panel, checked exactly as the URL would be: the clause it makes, or why not. */
export function checkFilterInput(param: FilterParam, raw: string): FilterInputCheck {
  const result = eventsParamsSchema.shape[param].safeParse(raw);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? `Invalid value for "${param}".` };
  const clause = result.data as FilterClause;
  if (filterDef(param).value.kind === "metadata") {
    try {
      parseMetadataQuery(clause.values[0]);
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, message: error.message };
      throw error;
    }
  }
  return { ok: true, clause };
}
