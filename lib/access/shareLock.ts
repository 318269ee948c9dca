import { resolveRange, type DateRange } from "../contract/dateRange";
import { FILTER_PARAMS, filterSpec, type FilterParam } from "../contract/dimensions";
import { formatMetadataQuery, parseMetadataQuery } from "../contract/metadataQuery";
import type { CommonQuery, FilterClause, FilterClauses } from "../contract/query";

/**
 * A share link's lock: the view it was made of bounds every request made through it. The
 * recipient may narrow (fewer values, more exclusions, a shorter range) and never widen: each
 * locked filter is intersected with the requested one, every locked exclusion kept, and the
 * requested range clipped to the locked one. What cannot be narrowed that way (no value left, a
 * range outside the lock) is refused rather than answered with something else.
 */

export type Locked<Q> = { ok: true; query: Q } | { ok: false; reason: string };

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function describe(param: string, clause: FilterClause): string {
  return `${param} ${clause.exclude ? "not " : ""}${clause.values.join(", ")}`;
}

/** One filter: the locked clause narrowed by the requested one (absent: the locked one as is). */
function narrowClause(
  param: FilterParam,
  locked: FilterClause,
  requested: FilterClause | undefined,
): FilterClause | string {
  if (!requested) return locked;
  if (param === "query") {
    const clauses = [...parseMetadataQuery(locked.values[0]), ...parseMetadataQuery(requested.values[0])];
    return { exclude: false, values: [formatMetadataQuery(clauses)] };
  }
  if (!filterSpec(param).multi) {
    return requested.values[0] === locked.values[0]
      ? locked
      : `This shared link shows only ${describe(param, locked)}.`;
  }
  let clause: FilterClause;
  if (!locked.exclude && !requested.exclude)
    clause = { exclude: false, values: requested.values.filter((v) => locked.values.includes(v)) };
  else if (!locked.exclude)
    clause = { exclude: false, values: locked.values.filter((v) => !requested.values.includes(v)) };
  else if (!requested.exclude)
    clause = { exclude: false, values: requested.values.filter((v) => !locked.values.includes(v)) };
  else clause = { exclude: true, values: [...new Set([...locked.values, ...requested.values])] };
  if (!clause.exclude && clause.values.length === 0) return `This shared link shows only ${describe(param, locked)}.`;
  return clause;
}

/** Every filter of the lock narrowed by the request, plus the request's own filters on what the lock leaves open. */
export function narrowFilters(
  locked: FilterClauses,
  requested: FilterClauses,
  applies: (param: FilterParam) => boolean,
): Locked<FilterClauses> {
  const out: FilterClauses = {};
  for (const param of FILTER_PARAMS) {
    const lockedClause = locked[param];
    const requestedClause = requested[param];
    if (lockedClause && applies(param)) {
      const narrowed = narrowClause(param, lockedClause, requestedClause);
      if (typeof narrowed === "string") return refuse(narrowed);
      out[param] = narrowed;
    } else if (requestedClause) {
      out[param] = requestedClause;
    }
  }
  return { ok: true, query: out };
}

/** `end` as the contract's inclusive date-time bound of an exclusive instant. */
function endParam(exclusiveEnd: Date): string {
  return new Date(exclusiveEnd.getTime() - 1).toISOString();
}

/** The requested range within the locked one: as asked when it lies inside, else clipped to explicit instants. */
export function clipRange(
  lock: CommonQuery,
  requested: CommonQuery,
  now: Date,
): Locked<Pick<CommonQuery, "interval" | "start" | "end">> {
  const outer: DateRange = resolveRange(lock, now);
  const asked: DateRange = resolveRange(requested, now);
  if (asked.start >= outer.start && asked.end <= outer.end)
    return { ok: true, query: { interval: requested.interval, start: requested.start, end: requested.end } };
  const start = new Date(Math.max(asked.start.getTime(), outer.start.getTime()));
  const end = new Date(Math.min(asked.end.getTime(), outer.end.getTime()));
  if (start >= end)
    return refuse(`This shared link covers ${outer.start.toISOString()} to ${endParam(outer.end)} only.`);
  return { ok: true, query: { interval: undefined, start: start.toISOString(), end: endParam(end) } };
}

/**
 * The query a request through a share link may run: the request's own parameters (kind, page,
 * grouping, time zone) with its filters and range narrowed to the lock. `applies` says which of
 * the lock's filters exist on what the request reads (the page applies each filter to the kinds it
 * exists on, as composite analytics do).
 */
export function lockQuery<Q extends CommonQuery>(
  lock: CommonQuery,
  requested: Q,
  now: Date,
  applies: (param: FilterParam) => boolean,
): Locked<Q> {
  const filters = narrowFilters(lock.filters, requested.filters, applies);
  if (!filters.ok) return filters;
  const range = clipRange(lock, requested, now);
  if (!range.ok) return range;
  const query = filters.query.query;
  const metadata = query ? parseMetadataQuery(query.values[0]) : [];
  return { ok: true, query: { ...requested, ...range.query, filters: filters.query, metadata } };
}

/** What a share link's page says is locked: each locked filter, in the contract's order. */
export function lockedFilters(lock: CommonQuery): { param: FilterParam; clause: FilterClause }[] {
  return FILTER_PARAMS.flatMap((param) => {
    const clause = lock.filters[param];
    return clause ? [{ param, clause }] : [];
  });
}
