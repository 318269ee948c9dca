import type * as z from "./zod";
import { looseEvents } from "./events";
import { ISO_UTC_MS, isIsoInstant } from "./timestamps";
import type { EventKind } from "./eventKinds";

/**
 * Tolerant reading of a GET /events reply, shared by the server (CSV export) and the browser
 * (events table): extra fields are kept, formats the spec leaves open are accepted, the top-level
 * timestamp comes out as ISO 8601 UTC with milliseconds, an element that does not fit is counted and skipped.
 */

export type ReadEvent = z.infer<typeof looseEvents.event>;
export type ReadClickEvent = Extract<ReadEvent, { event: "click" }>;
export type ReadLeadEvent = Extract<ReadEvent, { event: "lead" }>;
export type ReadSaleEvent = Extract<ReadEvent, { event: "sale" }>;

export interface ReadElements {
  events: ReadEvent[];
  /** Elements in the reply, readable or not: a full page means there may be another. */
  received: number;
  /** Elements that are not a readable event of the listed kind; left out of `events`. */
  unreadable: number;
}

/** The `event` field of the elements each listing holds. */
export const ELEMENT_KIND = { clicks: "click", leads: "lead", sales: "sale" } as const satisfies Record<
  EventKind,
  ReadEvent["event"]
>;

function isoOrNull(value: unknown): string | null {
  if (typeof value !== "string" || !isIsoInstant(value)) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The hosted platform has been seen to send a top-level `timestamp` that is not ISO 8601:
 * normalize ISO variants to UTC with milliseconds, and fall back to `click.timestamp` otherwise.
 */
export function withReadableTimestamp(item: Record<string, unknown>): Record<string, unknown> {
  const own = isoOrNull(item.timestamp);
  if (own !== null) return own === item.timestamp ? item : { ...item, timestamp: own };
  const fromClick = isRecord(item.click) ? isoOrNull(item.click.timestamp) : null;
  return fromClick === null ? item : { ...item, timestamp: fromClick };
}

export function readEventElements(elements: readonly unknown[], kind: EventKind): ReadElements {
  const events: ReadEvent[] = [];
  for (const item of elements) {
    const result = isRecord(item) ? looseEvents.event.safeParse(withReadableTimestamp(item)) : undefined;
    // An event is listed and shown by its time: without a readable one it cannot be placed.
    if (result?.success && result.data.event === ELEMENT_KIND[kind] && ISO_UTC_MS.test(result.data.timestamp))
      events.push(result.data);
  }
  return { events, received: elements.length, unreadable: elements.length - events.length };
}

/** One page of GET /events as the dashboard reads it: the CSV export on the server, the events table in the browser. */
export interface EventsPage extends ReadElements {
  kind: EventKind;
}

/** A GET /events reply read leniently; null when it is not a list at all, which each side reports in its own error. */
export function readEventsPage(body: unknown, kind: EventKind): EventsPage | null {
  return Array.isArray(body) ? { kind, ...readEventElements(body, kind) } : null;
}
