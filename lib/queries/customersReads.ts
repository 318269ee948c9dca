import { LEADS_PER_READ, SALES_PER_READ } from "../analytics/customerPages";
import type { CommonQuery, EventsQuery } from "../contract/query";
import { eventsQueryToParams } from "../contract/query";
import type { ReadEvent, ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";
import type { ApiScope } from "../scope/apiScope";
import { pageQuery } from "./eventsInView";
import { readEventsPage } from "./readEvents";

/**
 * The customers report's reads of the view's leads and sales, newest first, a read at a time
 * (../analytics/customerPages.ts): one key and one request shape for the browser's hook
 * (./useCustomers.ts) and the server's first screen (./firstScreenState.ts), so a read the server
 * made is the browser's first.
 */

export type CustomersKind = "leads" | "sales";

export const PER_READ: Record<CustomersKind, number> = { leads: LEADS_PER_READ, sales: SALES_PER_READ };

export const isLead = (event: ReadEvent): event is ReadLeadEvent => event.event === "lead";
export const isSale = (event: ReadEvent): event is ReadSaleEvent => event.event === "sale";

/** One read: the events of its kind, and how many the platform sent (fewer than asked: the last read). */
export interface CustomersRead<E extends ReadEvent = ReadEvent> {
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

/** A read's reply as the report keeps it: its kind's events (a reply that is not a list is the UI's typed error). */
export function readCustomersRead(body: unknown, kind: CustomersKind): CustomersRead {
  const read = readEventsPage(body, kind);
  const isKind = kind === "leads" ? isLead : isSale;
  return { events: read.events.filter(isKind), received: read.received };
}

/** The next read's number, undefined once a read came back short. */
export function nextRead(kind: CustomersKind, last: { received: number }, all: readonly unknown[]): number | undefined {
  return last.received < PER_READ[kind] ? undefined : all.length + 1;
}
