"use client";

import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { eventsQueryToParams, type EventsQuery } from "../contract/query";
import { PRIORITY, fetchJson } from "./fetchJson";
import { readEventsPage, type EventsPage } from "./readEvents";
import { isRequestError, type RequestError } from "./requestError";

const MAX_RATE_LIMIT_RETRIES = 4;
const DEFAULT_RETRY_AFTER_S = 2;
const MAX_RETRY_AFTER_S = 60;

/** Only a 429 is worth retrying on its own (after Retry-After): other failures need the user. */
export function retryRateLimited(failureCount: number, error: RequestError): boolean {
  return isRequestError(error) && error.status === 429 && failureCount < MAX_RATE_LIMIT_RETRIES;
}

export function rateLimitDelayMs(_failureCount: number, error: RequestError): number {
  const seconds = error.retryAfter ?? DEFAULT_RETRY_AFTER_S;
  return Math.min(Math.max(seconds, 1), MAX_RETRY_AFTER_S) * 1000;
}

export function eventsQueryOptions(query: EventsQuery, priority: number = PRIORITY.visible) {
  const params = eventsQueryToParams(query).toString();
  return queryOptions<EventsPage, RequestError>({
    queryKey: ["events", params],
    queryFn: async ({ signal }) => readEventsPage(await fetchJson(`/api/events?${params}`, signal, priority), query.event),
    retry: retryRateLimited,
    retryDelay: rateLimitDelayMs,
    staleTime: 30_000,
  });
}

/** The current page of events; the previous page stays on screen while the next loads (same kind only). */
export function useEvents(query: EventsQuery) {
  const queryClient = useQueryClient();
  const result = useQuery({
    ...eventsQueryOptions(query),
    placeholderData: (previous) => (previous?.kind === query.event ? keepPreviousData(previous) : undefined),
  });

  const full = !result.isPlaceholderData && result.data !== undefined && result.data.received >= query.limit;
  const nextKey = eventsQueryToParams({ ...query, page: query.page + 1 }).toString();
  useEffect(() => {
    if (full) void queryClient.prefetchQuery(eventsQueryOptions({ ...query, page: query.page + 1 }, PRIORITY.prefetch));
    // nextKey stands for `query`, whose identity may change without its meaning changing.
  }, [full, nextKey, queryClient]);

  return result;
}
