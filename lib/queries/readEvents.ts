import { readEventsPage as readPage, type EventsPage, type ReadEvent } from "../contract/readEvents";
import type { EventKind } from "../contract/eventKinds";
import { RequestError } from "./requestError";

export type { EventsPage, ReadEvent };

/** The contract's reading (lib/contract/readEvents), with a reply that is not a list as the UI's typed error. */
export function readEventsPage(body: unknown, kind: EventKind): EventsPage {
  const page = readPage(body, kind);
  if (page) return page;
  throw new RequestError(200, "invalid_response", "The platform sent an unexpected reply: expected a list of events.");
}
