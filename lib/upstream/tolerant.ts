import { readEventElements, withReadableTimestamp, type ReadElements, type ReadEvent } from "../contract/readEvents";
import type { EventKind } from "../filters/table";
import { GatewayError } from "./errors";

export { withReadableTimestamp };
export type { ReadEvent };
export type ReadClickEvent = Extract<ReadEvent, { event: "click" }>;
export type ReadLeadEvent = Extract<ReadEvent, { event: "lead" }>;
export type ReadSaleEvent = Extract<ReadEvent, { event: "sale" }>;
export type ReadPage = ReadElements;

function unreadable(detail: string): GatewayError {
  return new GatewayError(502, `The link platform sent a reply the dashboard cannot read: ${detail}`);
}

/** A page of `GET /events` read leniently. A body that is not a JSON array is a 502. */
export function readEventsPage(body: string, kind: EventKind): ReadPage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw unreadable("it is not JSON.");
  }
  if (!Array.isArray(parsed)) throw unreadable("expected a JSON array of events.");
  return readEventElements(parsed, kind);
}
