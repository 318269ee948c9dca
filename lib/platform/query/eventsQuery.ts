import type { ClickRecord, Customer, LinkEvent, LinkRecord } from "../../contract/events";
import type { EventsQuery } from "../../contract/query";
import { toIso } from "../../contract/timestamps";
import { chFetchClicks, chPageRows } from "../clickhouse/eventsPage";
import type { Row } from "./db";
import { fetchLinks, fetchPageCustomers } from "./lookups";
import { pageRows, planPage } from "./pageQuery";
import { paymentProcessor, readClick, readEventClick } from "./records";
import { date, json, nstr, num, str } from "./rows";
import type { ListScope } from "./scope";
import type { Store } from "./store";
import { toClickEvent, toLeadEvent, toSaleEvent, type LeadFields, type SaleFields } from "./toEvent";

/**
 * GET /events: the page's rows (pageQuery); then, side by side, the links with their tags,
 * the clicks of leads and sales, and the customers of just that page.
 */

function readLeadFields(row: Row): LeadFields {
  return {
    eventId: str(row, "id"),
    timestamp: toIso(date(row, "timestamp")),
    eventName: str(row, "event_name"),
    metadata: json(row, "metadata"),
  };
}

function readSaleFields(row: Row): SaleFields {
  return {
    ...readLeadFields(row),
    amount: num(row, "amount"),
    currency: str(row, "currency"),
    invoiceId: nstr(row, "invoice_id"),
    paymentProcessor: paymentProcessor(row),
  };
}

function found<T>(map: Map<string, T>, id: string, what: string): T {
  const value = map.get(id);
  if (value === undefined) throw new Error(`${what} ${id} referenced by an event is missing`);
  return value;
}

/** The page's full rows, from the store holding the events. */
async function pageOf(store: Store, query: EventsQuery, scope: ListScope): Promise<Row[]> {
  if (store.clickhouse) return chPageRows(store, store.clickhouse, query, scope);
  const plan = await planPage(store, query, scope);
  return plan ? pageRows(store.db, plan) : [];
}

/** How the page's leads or sales get their click, given their event row. */
async function eventClicks(store: Store, ws: string, ids: string[]): Promise<(event: Row) => ClickRecord> {
  if (store.clickhouse) {
    const clicks = await chFetchClicks(store.clickhouse, ws, ids);
    return (event) => found(clicks, str(event, "click_id"), "click");
  }
  const own = await store.conversionClicks.ownFields(store.db, ws, ids);
  return (event) => readEventClick(event, found(own, str(event, "click_id"), "click"));
}

export async function listEvents(store: Store, query: EventsQuery, scope: ListScope): Promise<LinkEvent[]> {
  const ws = scope.workspaceId;
  const rows = await pageOf(store, query, scope);
  if (rows.length === 0) return [];
  const column = (name: string) => rows.map((row) => str(row, name));

  if (query.event === "clicks") {
    const links = await fetchLinks(store, ws, column("link_id"));
    return rows.map((row) => toClickEvent(readClick(row), found(links, str(row, "link_id"), "link")));
  }

  const [links, clickOf, customers] = await Promise.all([
    fetchLinks(store, ws, column("link_id")),
    eventClicks(store, ws, column("click_id")),
    fetchPageCustomers(store, ws, column("customer_id")),
  ]);
  const related = (row: Row): [ClickRecord, LinkRecord, Customer] => [
    clickOf(row),
    found(links, str(row, "link_id"), "link"),
    found(customers, str(row, "customer_id"), "customer"),
  ];
  if (query.event === "leads") return rows.map((row) => toLeadEvent(readLeadFields(row), ...related(row)));
  return rows.map((row) => toSaleEvent(readSaleFields(row), ...related(row)));
}
