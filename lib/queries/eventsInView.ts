import { MAX_LIMIT, eventsQueryToParams, type CommonQuery, type EventsQuery } from "../contract/query";
import type { EventKind } from "../contract/eventKinds";
import type { ReadEvent } from "../contract/readEvents";
import { forKind } from "../filters/view";
import { fetchJson } from "./fetchJson";
import type { ApiScope } from "../scope/apiScope";
import { readEventsPage } from "./readEvents";

/** Every event of one kind in a view, paged 1,000 at a time up to `maxPages`; `complete` false when more were left. */
export interface EventsInView<E extends ReadEvent> {
  events: E[];
  complete: boolean;
}

export function pageQuery(view: CommonQuery, kind: EventKind, page: number): EventsQuery {
  return { ...forKind(view, kind), event: kind, page, limit: MAX_LIMIT, sortOrder: "desc", sortBy: "timestamp" };
}

export async function eventsInView<E extends ReadEvent>(
  scope: ApiScope,
  view: CommonQuery,
  kind: EventKind,
  isKind: (event: ReadEvent) => event is E,
  { maxPages, signal, priority }: { maxPages: number; signal?: AbortSignal; priority?: number },
): Promise<EventsInView<E>> {
  const events: E[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const params = eventsQueryToParams(pageQuery(view, kind, page)).toString();
    const read = readEventsPage(await fetchJson(scope, `/api/events?${params}`, signal, priority), kind);
    events.push(...read.events.filter(isKind));
    if (read.received < MAX_LIMIT) return { events, complete: true };
  }
  return { events, complete: false };
}
