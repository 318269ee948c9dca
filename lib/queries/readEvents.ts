import { looseEvents } from "../contract/events";
import { ISO_UTC_MS } from "../contract/timestamps";
import type { EventKind } from "../filters/table";
import type { ReadEvent } from "../upstream/tolerant";
import { RequestError } from "./requestError";

export type { ReadEvent };

/** The `event` field of the elements each listing holds. */
const ELEMENT_KIND = { clicks: "click", leads: "lead", sales: "sale" } as const satisfies Record<EventKind, ReadEvent["event"]>;

/** One page of GET /events as the UI reads it. */
export interface EventsPage {
  kind: EventKind;
  events: ReadEvent[];
  /** Elements in the reply, readable or not: a full page means there may be a next one. */
  received: number;
  /** Elements that did not match the listed kind's shape and are left out of `events`. */
  unreadable: number;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The hosted platform has been seen to send a top-level `timestamp` that is not ISO 8601:
 * normalize ISO variants to UTC with milliseconds, and fall back to `click.timestamp` otherwise.
 */
function withReadableTimestamp(element: unknown): unknown {
  if (!isRecord(element)) return element;
  const { timestamp, click } = element;
  if (typeof timestamp === "string" && ISO_UTC_MS.test(timestamp)) return element;
  if (typeof timestamp === "string" && ISO_WITH_ZONE.test(timestamp)) {
    const at = new Date(timestamp);
    if (!Number.isNaN(at.getTime())) return { ...element, timestamp: at.toISOString() };
  }
  const fallback = isRecord(click) ? click.timestamp : undefined;
  return typeof fallback === "string" ? { ...element, timestamp: fallback } : element;
}

export function readEventsPage(body: unknown, kind: EventKind): EventsPage {
  if (!Array.isArray(body)) {
    throw new RequestError(200, "invalid_response", "The platform sent an unexpected reply: expected a list of events.");
  }
  const events: ReadEvent[] = [];
  for (const element of body) {
    const parsed = looseEvents.event.safeParse(withReadableTimestamp(element));
    if (parsed.success && parsed.data.event === ELEMENT_KIND[kind]) events.push(parsed.data);
  }
  return { kind, events, received: body.length, unreadable: body.length - events.length };
}
