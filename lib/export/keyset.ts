import { resolveRange } from "../contract/dateRange";
import { MAX_LIMIT, type EventsQuery } from "../contract/query";
import type { ReadEvent } from "../contract/readEvents";

/**
 * Keyset paging over GET /events, for any platform that implements the spec (the hosted one has
 * no cursor): each request keeps the filters and moves the range's edge to the last event
 * written, with `page=1`. The API reads a date-time `end` (and `start`) as inclusive, so the
 * events at that boundary instant come again and those already written are skipped by id. Only
 * while one instant holds more than a page does the page number move on. Every request then
 * costs the platform one page, whatever its depth, where OFFSET paging made page k skip k-1 pages.
 */

/** Where the next request of an export starts. */
export interface Cursor {
  /** The last written event's timestamp: the next request's `end` (descending) or `start` (ascending); none before the first page. */
  bound?: string;
  /** 1, or more while the boundary instant holds more than a page. */
  page: number;
  /** Ids of the events at the boundary instant already written. */
  seen: ReadonlySet<string>;
}

export const FIRST_PAGE: Cursor = { page: 1, seen: new Set() };

/**
 * The export's range pinned once, so neither new events nor the moving edge change it: `end`
 * defaults to now, and an interval other than `all` becomes its `start` (without a start, the
 * interval counts back from `end`, which the keyset moves). `all` keeps its meaning: from the
 * workspace's first event.
 */
export function pinnedQuery(query: EventsQuery, now: Date): EventsQuery {
  const end = query.end ?? now.toISOString();
  if (query.start) return { ...query, interval: undefined, end };
  if (query.interval === "all") return { ...query, end };
  const { start } = resolveRange({ ...query, end }, now);
  return { ...query, interval: undefined, start: start.toISOString(), end };
}

/** The request for the page at `cursor`, of the export whose pinned query is `base`. */
export function pageQuery(base: EventsQuery, cursor: Cursor): EventsQuery {
  const edge =
    cursor.bound === undefined
      ? {}
      : base.sortOrder === "asc"
        ? { interval: undefined, start: cursor.bound }
        : { end: cursor.bound };
  return { ...base, ...edge, page: cursor.page, limit: MAX_LIMIT };
}

/** An event's id: the click's for a click, the event's own for a lead or a sale (one click can lead to several). */
export function eventId(event: ReadEvent): string {
  return event.event === "click" ? event.click.id : event.eventId;
}

/** The page's events not written yet: those at the boundary instant already written are left out. */
export function unwritten(events: readonly ReadEvent[], cursor: Cursor): ReadEvent[] {
  if (cursor.bound === undefined || cursor.seen.size === 0) return [...events];
  return events.filter((event) => event.timestamp !== cursor.bound || !cursor.seen.has(eventId(event)));
}

/**
 * Where the request after this page starts, or null when it was the last. `events` are the
 * page's readable events in order; `received` counts every element of the reply.
 */
export function nextCursor(
  cursor: Cursor,
  events: readonly ReadEvent[],
  received: number,
  pageSize = MAX_LIMIT,
): Cursor | null {
  if (received < pageSize) return null;
  const last = events.at(-1)?.timestamp;
  // The whole page sits at the boundary instant (or none of it was readable): only the page moves on.
  if (last === undefined || last === cursor.bound) return { ...cursor, page: cursor.page + 1 };
  return { bound: last, page: 1, seen: new Set(events.filter((event) => event.timestamp === last).map(eventId)) };
}
