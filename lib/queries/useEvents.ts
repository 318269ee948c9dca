"use client";

import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { eventsQueryToParams, parseEventsQuery, type EventsQuery } from "../contract/query";
import { REVEAL_IPS_PARAM } from "../http/revealIps";
import { PRIORITY, fetchJson } from "./fetchJson";
import { readEventsPage, type EventsPage } from "./readEvents";
import type { ApiScope } from "../scope/apiScope";
import { useApiScope } from "../scope/ApiScopeContext";
import type { RequestError } from "./requestError";

/** `revealIps`: full IP addresses instead of the masked ones the server sends otherwise. */
export function eventsQueryOptions(
  scope: ApiScope,
  query: EventsQuery,
  priority: number = PRIORITY.visible,
  revealIps = false,
) {
  const search = eventsQueryToParams(query);
  if (revealIps) search.set(REVEAL_IPS_PARAM, "1");
  const params = search.toString();
  return queryOptions<EventsPage, RequestError>({
    queryKey: [scope, "events", params],
    queryFn: async ({ signal }) =>
      readEventsPage(await fetchJson(scope, `/api/events?${params}`, signal, priority), query.event),
  });
}

/** The current page of events; the previous page stays on screen while the next loads (same kind only). */
export function useEvents(query: EventsQuery, revealIps = false) {
  const queryClient = useQueryClient();
  const scope = useApiScope();
  const result = useQuery({
    ...eventsQueryOptions(scope, query, PRIORITY.visible, revealIps),
    placeholderData: (previous, previousQuery) =>
      previous?.kind === query.event && previousQuery?.queryKey[0] === scope ? keepPreviousData(previous) : undefined,
  });

  const full = !result.isPlaceholderData && result.data !== undefined && result.data.received >= query.limit;
  const nextKey = eventsQueryToParams({ ...query, page: query.page + 1 }).toString();
  // Keyed by the canonical parameters: `query`'s identity may change without its meaning changing.
  useEffect(() => {
    if (full)
      void queryClient.prefetchQuery(
        eventsQueryOptions(scope, parseEventsQuery(new URLSearchParams(nextKey)), PRIORITY.prefetch, revealIps),
      );
  }, [full, nextKey, queryClient, revealIps, scope]);

  return result;
}
