"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { eventsQueryToParams, type EventsQuery } from "../contract/query";
import { fixedSaleType, newSalesQuery, saleTypeFrom, type SaleType } from "../events/saleTypes";
import { PRIORITY, fetchJson } from "./fetchJson";
import { readEventsPage, type EventsPage, type ReadEvent } from "./readEvents";
import { useApiScope } from "../scope/ApiScopeContext";
import type { RequestError } from "./requestError";

export type { SaleType };

type ReadSale = Extract<ReadEvent, { event: "sale" }>;

function isSale(event: ReadEvent): event is ReadSale {
  return event.event === "sale";
}

/** The companion request's parameters for a page of sales (lib/events/saleTypes); null when none is needed. */
export function saleTypesParams(query: EventsQuery, sales: readonly ReadSale[]): string | null {
  const companion = newSalesQuery(query, sales);
  return companion ? eventsQueryToParams(companion).toString() : null;
}

/**
 * New vs recurring for the sales of one page (one companion request, see lib/events/saleTypes).
 * Returns the type of an event, or undefined while unknown.
 */
export function useSaleTypes(query: EventsQuery, page: EventsPage | undefined, isPlaceholder: boolean) {
  const fixed = fixedSaleType(query);
  const sales = page?.kind === "sales" ? page.events.filter(isSale) : [];
  // A placeholder page belongs to the previous view: its span says nothing about the current filters.
  const params = query.event === "sales" && !fixed && !isPlaceholder ? saleTypesParams(query, sales) : null;

  const scope = useApiScope();
  const result = useQuery<ReadonlySet<string>, RequestError>({
    queryKey: [scope, "saleTypes", params],
    queryFn: async ({ signal }) => {
      const reply = readEventsPage(
        await fetchJson(scope, `/api/events?${params}`, signal, PRIORITY.companion),
        "sales",
      );
      return new Set(reply.events.filter(isSale).map((s) => s.eventId));
    },
    enabled: params !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === scope ? keepPreviousData(previous) : undefined,
  });

  // Kept-over data only describes kept-over rows: for a fresh page, wait for its own answer.
  const newIds = result.isPlaceholderData && !isPlaceholder ? undefined : result.data;
  const typeOf = (event: ReadSale): SaleType | undefined => saleTypeFrom(fixed, newIds, event.eventId);
  return { typeOf, isLoading: result.isFetching, error: result.error };
}
