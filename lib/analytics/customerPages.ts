import type { ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";
import type { CustomerRow } from "./customers";

/**
 * The customers report read page by page, as far as the page on screen needs and no further.
 *
 * A row is a customer at their newest lead in the view: reading the view's leads newest first,
 * a customer's first appearance is that lead, so the rows read so far are final and in order
 * whatever is left unread. A row's sales are theirs in the view since that lead; the view's
 * sales, read newest first, hold all of them once the oldest sale read is older than the
 * earliest lead on the page. So the first screen costs one read of leads and one of sales, sent
 * together; a later page reads on only when it needs to.
 */

/** Rows per page of the table. */
export const CUSTOMERS_PER_PAGE = 50;
/**
 * Leads per request: a page of the table and the one customer past it that says whether there is
 * a next page, with room for a few customers who became a lead twice. The platform's reply is
 * about 2.7 kB a lead, all of it read, checked and (on the first screen) sent on to the browser.
 */
export const LEADS_PER_READ = 60;
/**
 * Sales per request: the sales since the first page's leads, with room: 58 on the default seed
 * (200k clicks over 90 days), 264 on 1M clicks over a year (its customers renew for longer); a
 * view selling more per lead reads on. One read of 300 rather than three of 100 (as it was):
 * past 100 ids the platform names the customers in its lookup for 1,000
 * (lib/platform/query/lookups.ts), 42 ms against 22 ms for 100 on 1M clicks, where each read
 * more is a round trip after the one before and a place in the key's 4 (Business) requests a second.
 */
export const SALES_PER_READ = 300;

/**
 * What the report keeps of a lead (its time, its customer, the link it came through) and of a
 * sale (its time, customer and amount): the rest of an event (about 2.7 kB of link and click
 * records) is dropped as soon as a read is checked, so the first screen streams to the browser
 * only this (lib/queries/customersFirstReads.ts), and the browser's cache holds no more.
 */
export type LeadFacts = Pick<ReadLeadEvent, "timestamp"> & {
  customer?: Pick<NonNullable<ReadLeadEvent["customer"]>, "id" | "name" | "email" | "country">;
  click: Pick<ReadLeadEvent["click"], "country">;
  link: Pick<ReadLeadEvent["link"], "id" | "shortLink" | "partnerId">;
};
export type SaleFacts = Pick<ReadSaleEvent, "timestamp"> & {
  customer?: Pick<NonNullable<ReadSaleEvent["customer"]>, "id">;
  sale: Pick<ReadSaleEvent["sale"], "amount" | "currency">;
};

export function leadFacts(lead: LeadFacts): LeadFacts {
  const { customer, click, link } = lead;
  return {
    timestamp: lead.timestamp,
    ...(customer && {
      customer: { id: customer.id, name: customer.name, email: customer.email, country: customer.country },
    }),
    click: { country: click.country },
    link: { id: link.id, shortLink: link.shortLink, partnerId: link.partnerId },
  };
}

export function saleFacts(sale: SaleFacts): SaleFacts {
  return {
    timestamp: sale.timestamp,
    ...(sale.customer && { customer: { id: sale.customer.id } }),
    sale: { amount: sale.sale.amount, currency: sale.sale.currency },
  };
}

/** Pages of one kind read so far, concatenated newest first; `done` once the last page was short. */
export interface EventsRead<E> {
  events: readonly E[];
  done: boolean;
}

export type CustomerLead = Omit<CustomerRow, "firstSaleAt" | "sales" | "revenue">;

/** One row per customer, at their newest lead among `leads` (newest first), in that order. */
export function customersByNewestLead(leads: readonly LeadFacts[]): CustomerLead[] {
  const rows = new Map<string, CustomerLead>();
  for (const lead of leads) {
    const customer = lead.customer;
    if (!customer || rows.has(customer.id)) continue;
    rows.set(customer.id, {
      id: customer.id,
      name: customer.name ?? null,
      email: customer.email ?? null,
      country: customer.country ?? lead.click.country ?? null,
      linkId: lead.link.id,
      shortLink: lead.link.shortLink,
      partnerId: lead.link.partnerId ?? null,
      leadAt: lead.timestamp,
    });
  }
  return [...rows.values()];
}

const at = (iso: string) => Date.parse(iso);

/** Each customer's sales among `sales` at or after their lead: count, first one, revenue per currency. */
export function withSalesSinceLead(customers: readonly CustomerLead[], sales: readonly SaleFacts[]): CustomerRow[] {
  const since = new Map(customers.map((c) => [c.id, at(c.leadAt)]));
  const figures = new Map<string, { sales: number; firstSaleAt: string; revenue: Map<string, number> }>();
  for (const sale of sales) {
    const id = sale.customer?.id;
    const from = id === undefined ? undefined : since.get(id);
    if (id === undefined || from === undefined || at(sale.timestamp) < from) continue;
    const f = figures.get(id) ?? { sales: 0, firstSaleAt: sale.timestamp, revenue: new Map<string, number>() };
    const currency = sale.sale.currency.toLowerCase();
    f.sales += 1;
    f.revenue.set(currency, (f.revenue.get(currency) ?? 0) + sale.sale.amount);
    if (at(sale.timestamp) < at(f.firstSaleAt)) f.firstSaleAt = sale.timestamp;
    figures.set(id, f);
  }
  return customers.map((c) => {
    const f = figures.get(c.id);
    return { ...c, firstSaleAt: f?.firstSaleAt ?? null, sales: f?.sales ?? 0, revenue: f?.revenue ?? new Map() };
  });
}

export interface CustomersPage {
  /** The page's rows with their sales; null until what they need is read. */
  rows: CustomerRow[] | null;
  /** A further page exists (known once one more customer than this page holds was read, or the leads ended). */
  hasNext: boolean | null;
  /** What to read next for this page: a further page of leads, of sales. */
  readLeads: boolean;
  readSales: boolean;
}

/** Page `page` (from 1) of the table, from what was read; says what is still to read for it. */
export function customersPage(page: number, leads: EventsRead<LeadFacts>, sales: EventsRead<SaleFacts>): CustomersPage {
  const customers = customersByNewestLead(leads.events);
  const end = page * CUSTOMERS_PER_PAGE;
  // One row past the page says whether there is a next one.
  const leadsEnough = leads.done || customers.length > end;
  if (!leadsEnough) return { rows: null, hasNext: null, readLeads: true, readSales: false };
  const shown = customers.slice(end - CUSTOMERS_PER_PAGE, end);
  const hasNext = customers.length > end;
  if (shown.length === 0) return { rows: [], hasNext, readLeads: false, readSales: false };
  const earliest = Math.min(...shown.map((c) => at(c.leadAt)));
  const oldestSale = sales.events.at(-1);
  const salesEnough = sales.done || (oldestSale !== undefined && at(oldestSale.timestamp) < earliest);
  if (!salesEnough) return { rows: null, hasNext, readLeads: false, readSales: true };
  return { rows: withSalesSinceLead(shown, sales.events), hasNext, readLeads: false, readSales: false };
}
