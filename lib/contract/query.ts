import * as z from "./zod";
import { ApiError } from "./errors";
import {
  INTERVALS,
  assertStartBeforeEnd,
  canonicalTimeZone,
  isValidBound,
  type Interval,
  type RangeParams,
} from "./dateRange";
import {
  EVENT_KINDS,
  FILTERS,
  FILTER_PARAMS,
  appliesTo,
  filterSpec,
  type EventKind,
  type FilterParam,
} from "./dimensions";
import { clauseSchema, filterShape, formatClause, type FilterClause, type FilterClauses } from "./filterValues";
import { parseMetadataQuery, type MetadataClause } from "./metadataQuery";
import {
  booleanParam,
  described,
  fail,
  integer,
  oneOf,
  rawParams,
  readParams,
  refuseFirst,
  type ParsedShape,
  type QueryProblem,
  type RawParams,
} from "./params";

/**
 * GET /events query parameters: read from a flat record of strings into a typed, normalized
 * query, and serialized back in one canonical order (cache keys, upstream URLs). The strict
 * parse (platform, proxy) refuses the first problem; the lenient one (the dashboard's URL)
 * returns the query without the refused parameters, plus every problem.
 */

export { formatClause, type FilterClause, type FilterClauses };
export type { QueryProblem, RawParams };

export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
export const MAX_PAGE = 1_000_000;
/**
 * How deep into its sorted range a page of GET /events may reach: page × limit at most (the
 * platform refuses deeper pages with a 422). Older events are read by sorting the other way or
 * by narrowing the range, never by depth.
 */
export const MAX_PAGE_DEPTH = 100_000;

/** The last page a `limit`-sized page of GET /events can reach. */
export function lastReachablePage(limit: number): number {
  return Math.max(1, Math.floor(MAX_PAGE_DEPTH / limit));
}
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface CommonQuery extends RangeParams {
  filters: FilterClauses;
  metadata: MetadataClause[];
}

export interface EventsQuery extends CommonQuery {
  event: EventKind;
  page: number;
  limit: number;
  sortOrder: SortOrder;
  sortBy: "timestamp";
}

function bound(param: "start" | "end") {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      if (isValidBound(raw.trim())) return raw.trim();
      return fail(
        ctx,
        param,
        "bad_request",
        `"${raw}" is not an ISO 8601 date (2026-01-31) or date-time (2026-01-31T12:00:00Z; offsets from -14:00 to +14:00).`,
      );
    }),
  );
}

const timezoneSchema = z.pipe(
  z.string(),
  z.transform((raw: string, ctx) => {
    const zone = canonicalTimeZone(raw.trim());
    if (zone) return zone;
    return fail(
      ctx,
      "timezone",
      "unprocessable_entity",
      `"${raw}" is not an IANA time zone such as Europe/Berlin or UTC.`,
    );
  }),
);

/** The parameters /events and /analytics share: range, filters, and deprecated aliases. */
export const commonShape = {
  interval: described(oneOf("interval", INTERVALS), `A range ending now: ${INTERVALS.join(", ")} (default 24h).`, {
    enum: [...INTERVALS],
  }),
  start: described(bound("start"), "The range's start, an ISO 8601 date or date-time; with it, interval is ignored."),
  end: described(bound("end"), "The range's end, an ISO 8601 date or date-time (default now)."),
  timezone: described(timezoneSchema, "The IANA time zone of dates and of timeseries buckets (default UTC)."),
  ...filterShape,
  // Deprecated parameters, mapped to their successors by readCommon.
  programId: described(z.string(), "Deprecated: the workspace's program is inferred.", { deprecated: true }),
  tagIds: described(clauseSchema("tagIds", FILTERS.tagId), "Deprecated: use tagId.", { deprecated: true }),
  qr: described(booleanParam("qr"), "Deprecated: use trigger. true: QR scans only; false: link clicks only.", {
    deprecated: true,
  }),
};

/** Deprecated parameter → its successor (the dashboard migrates its URL once, on load). */
export const DEPRECATED_PARAMS = { tagIds: "tagId", qr: "trigger", order: "sortOrder" } as const;

export const eventsShape = {
  event: described(oneOf("event", EVENT_KINDS), "The kind of events listed: clicks (default), leads or sales.", {
    enum: [...EVENT_KINDS],
  }),
  page: described(integer("page", 1, MAX_PAGE), `The page, from 1; page × limit at most ${MAX_PAGE_DEPTH}.`),
  limit: described(integer("limit", 1, MAX_LIMIT), `Events per page: default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}.`),
  sortOrder: described(oneOf("sortOrder", SORT_ORDERS), "desc (newest first, default) or asc.", {
    enum: [...SORT_ORDERS],
  }),
  sortBy: described(oneOf("sortBy", ["timestamp"] as const), "timestamp, the only sort.", { enum: ["timestamp"] }),
  order: described(oneOf("order", SORT_ORDERS), "Deprecated: use sortOrder.", {
    enum: [...SORT_ORDERS],
    deprecated: true,
  }),
  ...commonShape,
};

type CommonParsed = ParsedShape<typeof commonShape>;

function unsupportedKinds(param: FilterParam, events: readonly EventKind[]): QueryProblem | null {
  const unsupported = events.filter((e) => !appliesTo(param, e));
  if (unsupported.length === 0) return null;
  const kinds: readonly EventKind[] = filterSpec(param).events ?? EVENT_KINDS;
  return {
    param,
    status: "unprocessable_entity",
    message: `Invalid value for "${param}": it applies to ${kinds.join(" and ")} events only, not ${unsupported.join(" and ")}.`,
  };
}

function keyProblem(filters: FilterClauses): QueryProblem | null {
  const domain = filters.domain;
  if (!domain)
    return {
      param: "key",
      status: "unprocessable_entity",
      message: `Invalid value for "key": it must be used together with "domain".`,
    };
  if (domain.exclude || domain.values.length !== 1) {
    return {
      param: "key",
      status: "unprocessable_entity",
      message: `Invalid value for "key": "domain" must name exactly one domain when "key" is given.`,
    };
  }
  return null;
}

function caught(param: string, run: () => void): QueryProblem | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { param, status: error.code, message: error.message };
    throw error;
  }
}

/**
 * Cross-field rules shared by /events and /analytics, over parameters already read one by one.
 * `events` are the kinds the query reads. A parameter that breaks a rule is left out and reported.
 */
export function readCommon(
  parsed: CommonParsed,
  events: readonly EventKind[],
  defaultTimeZone = "UTC",
): { common: CommonQuery; problems: QueryProblem[] } {
  const problems: QueryProblem[] = [];
  const report = (problem: QueryProblem | null): boolean => {
    if (problem) problems.push(problem);
    return problem !== null;
  };
  const filters: FilterClauses = {};
  for (const param of FILTER_PARAMS) {
    const clause = parsed[param];
    if (clause) filters[param] = clause;
  }
  if (!filters.tagId && parsed.tagIds) filters.tagId = parsed.tagIds;
  if (!filters.trigger && parsed.qr !== undefined)
    filters.trigger = { exclude: false, values: [parsed.qr ? "qr" : "link"] };

  if (filters.key && report(keyProblem(filters))) delete filters.key;
  for (const param of FILTER_PARAMS) {
    if (filters[param] && report(unsupportedKinds(param, events))) delete filters[param];
  }
  const timezone = parsed.timezone ?? defaultTimeZone;
  let start = parsed.start;
  // Without `end` the range ends now: that order can only be checked against a clock, when resolved.
  if (start && parsed.end) {
    const end = parsed.end;
    if (report(caught("start", () => assertStartBeforeEnd(start as string, end, timezone)))) start = undefined;
  }
  let metadata: MetadataClause[] = [];
  const query = filters.query;
  if (query && report(caught("query", () => (metadata = parseMetadataQuery(query.values[0]))))) delete filters.query;
  return {
    common: { interval: parsed.interval as Interval | undefined, start, end: parsed.end, timezone, filters, metadata },
    problems,
  };
}

export interface ReadOptions {
  /** The zone without a (valid) `timezone`: the API's is UTC. */
  defaultTimeZone?: string;
  /**
   * Whether a filter must exist on the listed kind (the API's rule). The dashboard's page view
   * keeps every filter and applies each to the kinds it exists on, as composite analytics do.
   */
  perKind?: boolean;
}

/** The events query a raw parameter record stands for, and every problem found on the way. */
export function readEventsQuery(
  raw: RawParams,
  { defaultTimeZone = "UTC", perKind = true }: ReadOptions = {},
): { query: EventsQuery; problems: QueryProblem[] } {
  const { parsed, problems } = readParams(eventsShape, raw);
  const event = parsed.event ?? "clicks";
  const { common, problems: crossField } = readCommon(parsed, perKind ? [event] : [], defaultTimeZone);
  return {
    query: {
      event,
      ...common,
      page: parsed.page ?? 1,
      limit: parsed.limit ?? DEFAULT_LIMIT,
      sortOrder: parsed.sortOrder ?? parsed.order ?? "desc",
      sortBy: "timestamp",
    },
    problems: [...problems, ...crossField],
  };
}

/** Strict: the first problem is thrown as the spec's error (400 or 422). */
export function parseEventsQuery(params: URLSearchParams | RawParams): EventsQuery {
  const { query, problems } = readEventsQuery(rawParams(params));
  refuseFirst(problems);
  return query;
}

/** Range and filters in canonical order; defaults omitted. */
export function commonToParams(query: CommonQuery, out = new URLSearchParams()): URLSearchParams {
  if (query.interval) out.set("interval", query.interval);
  if (query.start) out.set("start", query.start);
  if (query.end) out.set("end", query.end);
  if (query.timezone !== "UTC") out.set("timezone", query.timezone);
  for (const param of FILTER_PARAMS) {
    const clause = query.filters[param];
    if (clause) out.set(param, formatClause(clause));
  }
  return out;
}

export function eventsQueryToParams(query: EventsQuery): URLSearchParams {
  const out = new URLSearchParams();
  out.set("event", query.event);
  commonToParams(query, out);
  if (query.page !== 1) out.set("page", String(query.page));
  if (query.limit !== DEFAULT_LIMIT) out.set("limit", String(query.limit));
  if (query.sortOrder !== "desc") out.set("sortOrder", query.sortOrder);
  return out;
}
