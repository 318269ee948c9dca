import {
  CUSTOMERS_PER_PAGE,
  customersByNewestLead,
  LEADS_PER_READ,
  leadFacts,
  SALES_PER_READ,
  saleFacts,
  type LeadFacts,
  type SaleFacts,
} from "../analytics/customerPages";
import { breakdownQuery, type QueryFor } from "../analytics/queries";
import type { CommonQuery, EventsQuery } from "../contract/query";
import { eventsQueryToParams } from "../contract/query";
import type { ReadEvent, ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";
import type { ApiScope } from "../scope/apiScope";
import { pageQuery } from "./eventsInView";
import { readEventsPage } from "./readEvents";

/**
 * The customers report's reads of the view's leads and sales, newest first, a read at a time
 * (../analytics/customerPages.ts): one key and one request shape for the browser's hook
 * (./useCustomers.ts) and the server's first screen (./customersFirstReads.ts), so a read the server
 * made is the browser's first.
 */

export type CustomersKind = "leads" | "sales";

export const PER_READ: Record<CustomersKind, number> = { leads: LEADS_PER_READ, sales: SALES_PER_READ };

/**
 * The most reads of a kind the server makes for the table's first page, the first included
 * (./customersFirstReads.ts): a view selling far more since its first page's leads than that is
 * left to the browser to read on.
 */
export const FIRST_PAGE_READS = 6;

export const isLead = (event: ReadEvent): event is ReadLeadEvent => event.event === "lead";
export const isSale = (event: ReadEvent): event is ReadSaleEvent => event.event === "sale";

/** One read: what the report keeps of the events of its kind, and how many the platform sent (fewer than asked: the last read). */
export interface CustomersRead<E extends LeadFacts | SaleFacts = LeadFacts | SaleFacts> {
  events: E[];
  received: number;
}

/** Read number `page` (from 1) of one kind. */
export function customersReadQuery(view: CommonQuery, kind: CustomersKind, page: number): EventsQuery {
  return { ...pageQuery(view, kind, page), limit: PER_READ[kind] };
}

/** The request's query string for read `page`. */
export function customersReadParams(view: CommonQuery, kind: CustomersKind, page: number): string {
  return eventsQueryToParams(customersReadQuery(view, kind, page)).toString();
}

/** The key of one kind's reads: the scope first, then the first read's question. */
export function customersReadsKey(scope: ApiScope, view: CommonQuery, kind: CustomersKind): readonly unknown[] {
  return [scope, "customers", kind, customersReadParams(view, kind, 1)];
}

/**
 * A read's reply as the report keeps it: what it uses of its kind's events (a reply that is not a
 * list is the UI's typed error). The server's first screen streams this, not the reply.
 */
export function readCustomersRead(body: unknown, kind: "leads"): CustomersRead<LeadFacts>;
export function readCustomersRead(body: unknown, kind: "sales"): CustomersRead<SaleFacts>;
export function readCustomersRead(body: unknown, kind: CustomersKind): CustomersRead;
export function readCustomersRead(body: unknown, kind: CustomersKind): CustomersRead {
  const read = readEventsPage(body, kind);
  const events =
    kind === "leads" ? read.events.filter(isLead).map(leadFacts) : read.events.filter(isSale).map(saleFacts);
  return { events, received: read.received };
}

/** The next read's number, undefined once a read came back short. */
export function nextRead(kind: CustomersKind, last: { received: number }, all: readonly unknown[]): number | undefined {
  return last.received < PER_READ[kind] ? undefined : all.length + 1;
}

/**
 * Where the report's partner names come from: the partner filter's options over the view's leads
 * (the query `useFilterOptions` makes for the partner filter, so one request and one key).
 */
export function customersPartnersQuery(view: CommonQuery): QueryFor<"top_partners"> {
  return breakdownQuery(pageQuery(view, "leads", 1), "top_partners");
}

/** Whether the first page of the table, from the first read of leads, names a partner (so the names are asked for). */
export function firstPageHasPartner(leads: CustomersRead<LeadFacts>): boolean {
  return customersByNewestLead(leads.events)
    .slice(0, CUSTOMERS_PER_PAGE)
    .some((customer) => customer.partnerId !== null);
}
