"use client";

import { useEffect, useMemo } from "react";
import { useInfiniteQuery, useQuery, type InfiniteData } from "@tanstack/react-query";
import { customersPage, type EventsRead, type LeadFacts, type SaleFacts } from "../analytics/customerPages";
import {
  customerTimeline,
  totalRevenue,
  type Amounts,
  type CustomerRow,
  type TimelineEntry,
} from "../analytics/customers";
import type { CommonQuery } from "../contract/query";
import {
  customersReadParams,
  customersReadsKey,
  isLead,
  isSale,
  nextRead,
  readCustomersRead,
  type CustomersKind,
  type CustomersRead,
} from "./customersReads";
import { eventsInView } from "./eventsInView";
import { fetchJson, PRIORITY } from "./fetchJson";
import { useApiScope } from "../scope/ApiScopeContext";
import type { RequestError } from "./requestError";

/** One kind of the view's events, newest first, a read at a time as the report asks for more (./customersReads.ts). */
function useEventsPages<E extends LeadFacts | SaleFacts>(view: CommonQuery, kind: CustomersKind) {
  const scope = useApiScope();
  return useInfiniteQuery<
    CustomersRead<E>,
    RequestError,
    InfiniteData<CustomersRead<E>, number>,
    readonly unknown[],
    number
  >({
    queryKey: customersReadsKey(scope, view, kind),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      readCustomersRead(
        await fetchJson(scope, `/api/events?${customersReadParams(view, kind, pageParam)}`, signal, PRIORITY.visible),
        kind,
      ) as CustomersRead<E>,
    getNextPageParam: (last, all) => nextRead(kind, last, all),
    // A refusal the page came with (the plan's, ./refusedReads.ts) is said, not asked again once hydrated; "Try again" still asks.
    retryOnMount: false,
  });
}

/** What the pages of one kind read so far hold, newest first (../analytics/customerPages.ts). */
function readSoFar<E>(
  data: InfiniteData<{ events: E[] }, number> | undefined,
  hasNextPage: boolean,
): EventsRead<E> | null {
  return data ? { events: data.pages.flatMap((page) => page.events), done: !hasNextPage } : null;
}

export interface CustomersReport {
  /** The page's rows; null while what they need is read. */
  rows: CustomerRow[] | null;
  /** Whether a next page exists; null until known. */
  hasNext: boolean | null;
  error: RequestError | null;
  refetch(): void;
}

/**
 * Page `page` of the view's customers (../analytics/customerPages.ts): the first read of leads
 * and of sales leave together; more are read only while the page on screen needs them.
 */
export function useCustomersReport(view: CommonQuery, page: number): CustomersReport {
  const leads = useEventsPages<LeadFacts>(view, "leads");
  const sales = useEventsPages<SaleFacts>(view, "sales");
  const leadsRead = useMemo(() => readSoFar(leads.data, leads.hasNextPage), [leads.data, leads.hasNextPage]);
  const salesRead = useMemo(() => readSoFar(sales.data, sales.hasNextPage), [sales.data, sales.hasNextPage]);
  const plan = leadsRead ? customersPage(page, leadsRead, salesRead ?? { events: [], done: false }) : null;
  const readLeads = plan?.readLeads === true && leads.hasNextPage && !leads.isFetching && !leads.error;
  const readSales =
    plan?.readSales === true && salesRead !== null && sales.hasNextPage && !sales.isFetching && !sales.error;
  const { fetchNextPage: nextLeads } = leads;
  const { fetchNextPage: nextSales } = sales;
  useEffect(() => {
    if (readLeads) void nextLeads();
  }, [readLeads, nextLeads]);
  useEffect(() => {
    if (readSales) void nextSales();
  }, [readSales, nextSales]);
  return {
    rows: plan?.rows ?? null,
    hasNext: plan?.hasNext ?? null,
    error: leads.error ?? sales.error ?? null,
    refetch: () => {
      if (leads.error) void leads.refetch();
      if (sales.error) void sales.refetch();
    },
  };
}

export interface CustomerHistory {
  entries: TimelineEntry[];
  revenue: Amounts;
  sales: number;
  complete: boolean;
}

/** One customer's whole history, whatever the view's range: GET /events filtered by `customerId`, all time. */
export function useCustomerTimeline(customerId: string | null, timezone: string) {
  const all: CommonQuery = {
    interval: "all",
    timezone,
    filters: customerId ? { customerId: { exclude: false, values: [customerId] } } : {},
    metadata: [],
  };
  const scope = useApiScope();
  return useQuery<CustomerHistory, RequestError>({
    queryKey: [scope, "customer-timeline", customerId, timezone],
    enabled: customerId !== null,
    queryFn: async ({ signal }) => {
      const options = { maxPages: 2, signal, priority: PRIORITY.visible };
      const [leads, sales] = await Promise.all([
        eventsInView(scope, all, "leads", isLead, options),
        eventsInView(scope, all, "sales", isSale, options),
      ]);
      return {
        entries: customerTimeline(leads.events, sales.events),
        revenue: totalRevenue(sales.events),
        sales: sales.events.length,
        complete: leads.complete && sales.complete,
      };
    },
  });
}
