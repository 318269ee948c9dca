import * as z from "./zod";
import { ApiError, type ErrorCode } from "./errors";
import { INTERVALS, assertStartBeforeEnd, canonicalTimeZone, isValidBound, type Interval, type RangeParams } from "./dateRange";
import { MAX_QUERY_LENGTH, parseMetadataQuery, type MetadataClause } from "./metadataQuery";
import { EVENT_KINDS, FILTER_LIST, appliesTo, type EventKind, type FilterDef, type FilterParam } from "../filters/table";

/**
 * GET /events query parameters: parsed from a flat record of strings into a typed,
 * normalized query, and serialized back in one canonical order (cache keys, upstream URLs).
 */

export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** One filter's value: the listed values, all included or (with a leading `-`) all excluded. */
export interface FilterClause {
  exclude: boolean;
  values: string[];
}
export type FilterClauses = Partial<Record<FilterParam, FilterClause>>;

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

type Issue = { status: ErrorCode; message: string };
type Ctx = z.core.ParsePayload;

function fail(ctx: Ctx, param: string, status: ErrorCode, message: string): never {
  ctx.issues.push({ code: "custom", message: `Invalid value for "${param}": ${message}`, params: { status }, input: ctx.value });
  return z.NEVER as never;
}

const MAX_VALUE_LENGTH = 2000;

function checkValue(def: FilterDef, raw: string, ctx: Ctx): string {
  const value = raw.trim();
  if (value.length === 0) fail(ctx, def.param, "bad_request", "empty value in the list.");
  // `query` has the spec's own bound (10000); other values the generic one.
  const maxLength = def.value.kind === "metadata" ? MAX_QUERY_LENGTH : MAX_VALUE_LENGTH;
  if (value.length > maxLength) fail(ctx, def.param, "unprocessable_entity", `a value is longer than ${maxLength} characters.`);
  const spec = def.value;
  switch (spec.kind) {
    case "text":
    case "metadata":
      return value;
    case "enum":
      if (spec.values.includes(value)) return value;
      return fail(ctx, def.param, "unprocessable_entity", `"${value}" is not allowed; expected one of ${spec.values.join(", ")}.`);
    case "pattern": {
      const normalized = spec.normalize === "upper" ? value.toUpperCase() : value;
      if (spec.pattern.test(normalized)) return normalized;
      return fail(ctx, def.param, "unprocessable_entity", `"${value}" is not ${spec.hint}.`);
    }
    case "prefixed":
      if (value.startsWith(spec.prefix) && value.length > spec.prefix.length) return value;
      if (value === spec.prefix) return fail(ctx, def.param, "unprocessable_entity", `an id is needed after the "${spec.prefix}" prefix, e.g. ${spec.prefix}123.`);
      return fail(ctx, def.param, "unprocessable_entity", `"${value}" must be prefixed with "${spec.prefix}".`);
    case "boolean":
      if (value === "true" || value === "false") return value;
      return fail(ctx, def.param, "bad_request", `"${value}" is not a boolean; expected true or false.`);
  }
}

/** Multi syntax: `a`, `a,b`, `-a,b` (the `-` excludes the whole list). */
function clauseSchema(def: FilterDef) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx): FilterClause => {
      if (!def.multi) return { exclude: false, values: [checkValue(def, raw, ctx)] };
      const exclude = raw.startsWith("-");
      const body = exclude ? raw.slice(1) : raw;
      const values = body.split(",").map((v) => checkValue(def, v, ctx));
      return { exclude, values: [...new Set(values)] };
    }),
  );
}

function integer(param: string, min: number, max: number) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      if (!/^\d+$/.test(raw.trim())) return fail(ctx, param, "bad_request", `"${raw}" is not a whole number.`);
      const n = Number(raw.trim());
      if (n < min || n > max) return fail(ctx, param, "unprocessable_entity", `${n} is out of range; expected ${min} to ${max}.`);
      return n;
    }),
  );
}

function oneOf<const T extends readonly string[]>(param: string, values: T) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx): T[number] => {
      if ((values as readonly string[]).includes(raw)) return raw as T[number];
      return fail(ctx, param, "unprocessable_entity", `"${raw}" is not allowed; expected one of ${values.join(", ")}.`);
    }),
  );
}

function bound(param: "start" | "end") {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      if (isValidBound(raw.trim())) return raw.trim();
      return fail(ctx, param, "bad_request", `"${raw}" is not an ISO 8601 date (2026-01-31) or date-time (2026-01-31T12:00:00Z; offsets from -14:00 to +14:00).`);
    }),
  );
}

const timezoneSchema = z.pipe(
  z.string(),
  z.transform((raw: string, ctx) => {
    const zone = canonicalTimeZone(raw.trim());
    if (zone) return zone;
    return fail(ctx, "timezone", "unprocessable_entity", `"${raw}" is not an IANA time zone such as Europe/Berlin or UTC.`);
  }),
);

const booleanParam = (param: string) =>
  z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      if (raw === "true" || raw === "false") return raw === "true";
      return fail(ctx, param, "bad_request", `"${raw}" is not a boolean; expected true or false.`);
    }),
  );

const filterShape = Object.fromEntries(FILTER_LIST.map((def) => [def.param, z.optional(clauseSchema(def))])) as Record<
  FilterParam,
  z.ZodMiniOptional<ReturnType<typeof clauseSchema>>
>;

const tagIdsDef = FILTER_LIST.find((f) => f.param === "tagId")!;

const commonShape = {
  interval: z.optional(oneOf("interval", INTERVALS)),
  start: z.optional(bound("start")),
  end: z.optional(bound("end")),
  timezone: z.optional(timezoneSchema),
  ...filterShape,
  // Deprecated parameters, mapped to their successors below.
  programId: z.optional(z.string()),
  tagIds: z.optional(clauseSchema({ ...tagIdsDef, param: "tagIds" })),
  qr: z.optional(booleanParam("qr")),
};

export const eventsParamsSchema = z.object({
  event: z.optional(oneOf("event", EVENT_KINDS)),
  page: z.optional(integer("page", 1, 1_000_000)),
  limit: z.optional(integer("limit", 1, MAX_LIMIT)),
  sortOrder: z.optional(oneOf("sortOrder", SORT_ORDERS)),
  sortBy: z.optional(oneOf("sortBy", ["timestamp"] as const)),
  order: z.optional(oneOf("order", SORT_ORDERS)),
  ...commonShape,
});

export type RawParams = Record<string, string>;

/** Flatten URLSearchParams, refusing repeated parameters (lists are comma-separated). */
export function flattenParams(params: URLSearchParams): RawParams {
  const out: RawParams = {};
  for (const [name, value] of params) {
    if (name in out) throw new ApiError("bad_request", `Parameter "${name}" is given more than once; pass several values comma-separated instead.`);
    out[name] = value;
  }
  return out;
}

export function toApiError(error: z.core.$ZodError): ApiError {
  const issue = error.issues[0];
  const params = (issue as { params?: { status?: ErrorCode } }).params;
  const status: ErrorCode = params?.status ?? "bad_request";
  const path = issue.path.join(".");
  const message = params?.status ? issue.message : `Invalid value for "${path}": ${issue.message}`;
  return new ApiError(status, message);
}

type CommonParsed = z.infer<z.ZodMiniObject<typeof commonShape>>;

/** Cross-field rules shared by /events and /analytics. `events` are the kinds the query reads. */
export function buildCommon(parsed: CommonParsed, events: readonly EventKind[]): CommonQuery {
  const filters: FilterClauses = {};
  for (const def of FILTER_LIST) {
    const clause = parsed[def.param];
    if (clause) filters[def.param] = clause;
  }
  if (!filters.tagId && parsed.tagIds) filters.tagId = parsed.tagIds;
  if (!filters.trigger && parsed.qr !== undefined) filters.trigger = { exclude: false, values: [parsed.qr ? "qr" : "link"] };

  if (filters.key) {
    const domain = filters.domain;
    if (!domain) throw new ApiError("unprocessable_entity", `Invalid value for "key": it must be used together with "domain".`);
    if (domain.exclude || domain.values.length !== 1) {
      throw new ApiError("unprocessable_entity", `Invalid value for "key": "domain" must name exactly one domain when "key" is given.`);
    }
  }
  for (const def of FILTER_LIST) {
    if (!filters[def.param]) continue;
    const unsupported = events.filter((e) => !appliesTo(def, e));
    if (unsupported.length > 0) {
      throw new ApiError(
        "unprocessable_entity",
        `Invalid value for "${def.param}": it applies to ${def.events?.join(" and ")} events only, not ${unsupported.join(" and ")}.`,
      );
    }
  }
  const timezone = parsed.timezone ?? "UTC";
  // Without `end` the range ends now: that order can only be checked against a clock, when resolved.
  if (parsed.start && parsed.end) assertStartBeforeEnd(parsed.start, parsed.end, timezone);
  const metadata = filters.query ? parseMetadataQuery(filters.query.values[0]) : [];
  return {
    interval: parsed.interval as Interval | undefined,
    start: parsed.start,
    end: parsed.end,
    timezone,
    filters,
    metadata,
  };
}

export function parseEventsQuery(params: URLSearchParams | RawParams): EventsQuery {
  const raw = params instanceof URLSearchParams ? flattenParams(params) : params;
  const result = eventsParamsSchema.safeParse(raw);
  if (!result.success) throw toApiError(result.error);
  const parsed = result.data;
  const event = parsed.event ?? "clicks";
  return {
    event,
    ...buildCommon(parsed, [event]),
    page: parsed.page ?? 1,
    limit: parsed.limit ?? DEFAULT_LIMIT,
    sortOrder: parsed.sortOrder ?? parsed.order ?? "desc",
    sortBy: "timestamp",
  };
}

export function formatClause(clause: FilterClause): string {
  return `${clause.exclude ? "-" : ""}${clause.values.join(",")}`;
}

/** Range and filters in canonical order; defaults omitted. */
export function commonToParams(query: CommonQuery, out = new URLSearchParams()): URLSearchParams {
  if (query.interval) out.set("interval", query.interval);
  if (query.start) out.set("start", query.start);
  if (query.end) out.set("end", query.end);
  if (query.timezone !== "UTC") out.set("timezone", query.timezone);
  for (const def of FILTER_LIST) {
    const clause = query.filters[def.param];
    if (clause) out.set(def.param, formatClause(clause));
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

export { commonShape };
export type { Issue };
