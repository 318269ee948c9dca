import type { EventKind } from "../contract/eventKinds";
import { upstreamErrorMessage } from "../upstream/relay";
import type { Proxy } from "../upstream/upstreamProxy";
import { readEventsReply } from "../upstream/eventsReply";
import type { FetchLatest } from "./poller";

/** The lowest priority of the key's budget: views on screen go first. */
const POLL_PRIORITY = -10;

/** How the poller reads the newest events of a kind: one GET /events through the dashboard's proxy and its budget. */
export function latestThrough(proxy: Proxy): FetchLatest {
  return async (kind: EventKind, signal: AbortSignal) => {
    const params = new URLSearchParams({ event: kind, interval: "24h", limit: "100" });
    const reply = await proxy.send("/events", params, { priority: POLL_PRIORITY, signal });
    if (reply.status !== 200) {
      const reason = upstreamErrorMessage(reply.body) ?? `status ${reply.status}`;
      throw new Error(`Polling ${kind} failed: ${reason}`);
    }
    return readEventsReply(reply.body, kind).events;
  };
}
