"use client";

import { useQuery } from "@tanstack/react-query";
import { customerRows, customerTimeline, totalRevenue, type Amounts, type CustomerRow, type TimelineEntry } from "../analytics/customers";
import type { CommonQuery } from "../contract/query";
import type { ReadEvent, ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";
import { eventsQueryToParams } from "../contract/query";
import { eventsInView, pageQuery } from "./eventsInView";
import { PRIORITY } from "./fetchJson";
import { useApiScope } from "../scope/ApiScopeContext";
import type { RequestError } from "./requestError";

const isLead = (event: ReadEvent): event is ReadLeadEvent => event.event === "lead";
const isSale = (event: ReadEvent): event is ReadSaleEvent => event.event === "sale";

/** At most 10,000 leads and 10,000 sales of a view: 20 requests, within any plan's budget for a report. */
const MAX_PAGES = 10;

export interface CustomersReport {
  customers: CustomerRow[];
  /** False when the view held more leads or sales than the report reads: narrow the range for all of them. */
  complete: boolean;
}

/** The view's customers (lib/analytics/customers): its leads and its sales, paged through. */
export function useCustomersReport(view: CommonQuery) {
  const scope = useApiScope();
  const key = eventsQueryToParams(pageQuery(view, "leads", 1)).toString();
  return useQuery<CustomersReport, RequestError>({
    queryKey: [scope, "customers", key],
    queryFn: async ({ signal }) => {
      const options = { maxPages: MAX_PAGES, signal, priority: PRIORITY.visible };
      const [leads, sales] = await Promise.all([eventsInView(scope, view, "leads", isLead, options), eventsInView(scope, view, "sales", isSale, options)]);
      return { customers: customerRows(leads.events, sales.events), complete: leads.complete && sales.complete };
    },
  });
}

export interface CustomerHistory {
  entries: TimelineEntry[];
  revenue: Amounts;
  sales: number;
  complete: boolean;
}

/** One customer's whole history, whatever the view's range: GET /events filtered by `customerId`, all time. */
export function useCustomerTimeline(customerId: string | null, timezone: string) {
  const all: CommonQuery = { interval: "all", timezone, filters: customerId ? { customerId: { exclude: false, values: [customerId] } } : {}, metadata: [] };
  const scope = useApiScope();
  return useQuery<CustomerHistory, RequestError>({
    queryKey: [scope, "customer-timeline", customerId, timezone],
    enabled: customerId !== null,
    queryFn: async ({ signal }) => {
      const options = { maxPages: 2, signal, priority: PRIORITY.visible };
      const [leads, sales] = await Promise.all([eventsInView(scope, all, "leads", isLead, options), eventsInView(scope, all, "sales", isSale, options)]);
      return { entries: customerTimeline(leads.events, sales.events), revenue: totalRevenue(sales.events), sales: sales.events.length, complete: leads.complete && sales.complete };
    },
  });
}
