import { readEventElements, type ReadElements, type ReadEvent } from "../contract/readEvents";
import type { EventKind } from "../filters/table";
import { RequestError } from "./requestError";

export type { ReadEvent };

/** One page of GET /events as the UI reads it. */
export interface EventsPage extends ReadElements {
  kind: EventKind;
}

export function readEventsPage(body: unknown, kind: EventKind): EventsPage {
  if (!Array.isArray(body)) {
    throw new RequestError(200, "invalid_response", "The platform sent an unexpected reply: expected a list of events.");
  }
  return { kind, ...readEventElements(body, kind) };
}
