import type { z } from "zod";
import { looseEvents } from "../contract/events";
import type { EventKind } from "../filters/table";
import { GatewayError } from "./errors";

export type ReadEvent = z.infer<typeof looseEvents.event>;
export type ReadClickEvent = Extract<ReadEvent, { event: "click" }>;
export type ReadLeadEvent = Extract<ReadEvent, { event: "lead" }>;
export type ReadSaleEvent = Extract<ReadEvent, { event: "sale" }>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function isoOrNull(value: unknown): string | null {
  if (typeof value !== "string" || !ISO_DATE_TIME.test(value)) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The hosted platform has been seen to send a top-level `timestamp` that is not ISO 8601:
 * fall back to `click.timestamp`, which is.
 */
export function withReadableTimestamp(item: Record<string, unknown>): Record<string, unknown> {
  const own = isoOrNull(item.timestamp);
  if (own !== null) return own === item.timestamp ? item : { ...item, timestamp: own };
  const fromClick = isRecord(item.click) ? isoOrNull(item.click.timestamp) : null;
  return fromClick === null ? item : { ...item, timestamp: fromClick };
}

function unreadable(detail: string): GatewayError {
  return new GatewayError(502, `The link platform sent a reply the dashboard cannot read: ${detail}`);
}

export interface ReadPage {
  events: ReadEvent[];
  /** Elements in the reply: a full page means there may be another. */
  received: number;
  /** Elements that are not a readable event of the listed kind; left out of `events`. */
  unreadable: number;
}

const ELEMENT_KIND = { clicks: "click", leads: "lead", sales: "sale" } as const satisfies Record<EventKind, ReadEvent["event"]>;

/**
 * A page of `GET /events` read leniently: extra fields are kept, an element that does not fit
 * is counted and skipped. A body that is not a JSON array is a 502.
 */
export function readEventsPage(body: string, kind: EventKind): ReadPage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw unreadable("it is not JSON.");
  }
  if (!Array.isArray(parsed)) throw unreadable("expected a JSON array of events.");
  const events: ReadEvent[] = [];
  for (const item of parsed) {
    const result = isRecord(item) ? looseEvents.event.safeParse(withReadableTimestamp(item)) : undefined;
    if (result?.success && result.data.event === ELEMENT_KIND[kind]) events.push(result.data);
  }
  return { events, received: parsed.length, unreadable: parsed.length - events.length };
}
