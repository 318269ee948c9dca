import type { EventKind } from "../contract/eventKinds";
import { readEventsPage, type EventsPage } from "../contract/readEvents";
import { GatewayError } from "./gatewayError";

function unreadable(detail: string): GatewayError {
  return new GatewayError(502, `The link platform sent a reply the dashboard cannot read: ${detail}`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The body of a GET /analytics reply, checked for its outline only (the page reads it with the
 * contract): the counts (an object with `clicks`), or an array of rows. Anything else (an HTML
 * page, a stranger's JSON) is not relayed: the page gets the proxy's own message.
 */
export function analyticsJson(body: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw unreadable("it did not answer as a link attribution platform (not JSON).");
  }
  const counts = isObject(parsed) && typeof parsed.clicks === "number";
  const rows = Array.isArray(parsed) && parsed.every(isObject);
  if (!counts && !rows) throw unreadable("it did not answer as a link attribution platform (expected analytics).");
  return parsed;
}

/** The elements of a GET /events reply's body. A body that is not a JSON array is a 502. */
export function eventsArray(body: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw unreadable("it is not JSON.");
  }
  if (!Array.isArray(parsed)) throw unreadable("expected a JSON array of events.");
  return parsed;
}

/** The body of a GET /events reply read leniently (lib/contract/readEvents). A body that is not a JSON array is a 502. */
export function readEventsReply(body: string, kind: EventKind): EventsPage {
  const page = readEventsPage(eventsArray(body), kind);
  if (page) return page;
  throw unreadable("expected a JSON array of events.");
}
