"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MAX_LIMIT, eventsQueryToParams, type EventsQuery } from "../contract/query";
import { PRIORITY, fetchJson } from "./fetchJson";
import { readEventsPage, type EventsPage, type ReadEvent } from "./readEvents";
import type { RequestError } from "./requestError";
import { rateLimitDelayMs, retryRateLimited } from "./useEvents";

export type SaleType = "new" | "recurring";

type ReadSale = Extract<ReadEvent, { event: "sale" }>;

function isSale(event: ReadEvent): event is ReadSale {
  return event.event === "sale";
}

/**
 * The companion request: the same filters plus saleType=new over the page's own time span.
 * Every sale of the page lies in that span, so a sale is new exactly when the reply lists it.
 */
export function saleTypesParams(query: EventsQuery, sales: readonly ReadSale[]): string | null {
  if (sales.length === 0) return null;
  const times = sales.map((s) => s.timestamp).sort();
  return eventsQueryToParams({
    ...query,
    interval: undefined,
    start: times[0],
    end: times[times.length - 1],
    filters: { ...query.filters, saleType: { exclude: false, values: ["new"] } },
    page: 1,
    limit: MAX_LIMIT,
    sortOrder: "desc",
  }).toString();
}

/**
 * New vs recurring for the sales of one page. Sale events carry no such field; when the view
 * already filters on saleType, that answers it without a request.
 * Returns the type of an event, or undefined while unknown.
 */
export function useSaleTypes(query: EventsQuery, page: EventsPage | undefined, isPlaceholder: boolean) {
  const fixed = query.filters.saleType?.values[0] as SaleType | undefined;
  const sales = page?.kind === "sales" ? page.events.filter(isSale) : [];
  // A placeholder page belongs to the previous view: its span says nothing about the current filters.
  const params = query.event === "sales" && !fixed && !isPlaceholder ? saleTypesParams(query, sales) : null;

  const result = useQuery<ReadonlySet<string>, RequestError>({
    queryKey: ["saleTypes", params],
    queryFn: async ({ signal }) => {
      const reply = readEventsPage(await fetchJson(`/api/events?${params}`, signal, PRIORITY.companion), "sales");
      return new Set(reply.events.filter(isSale).map((s) => s.eventId));
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: retryRateLimited,
    retryDelay: rateLimitDelayMs,
    staleTime: 30_000,
  });

  // Kept-over data only describes kept-over rows: for a fresh page, wait for its own answer.
  const newIds = result.isPlaceholderData && !isPlaceholder ? undefined : result.data;
  const typeOf = (event: ReadSale): SaleType | undefined => {
    if (fixed) return fixed;
    if (!newIds) return undefined;
    return newIds.has(event.eventId) ? "new" : "recurring";
  };
  return { typeOf, isLoading: result.isFetching, error: result.error };
}
