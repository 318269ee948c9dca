import type { ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";

/** Amounts per currency, in minor units: amounts of different currencies are never added. */
export type Amounts = ReadonlyMap<string, number>;

/** One customer of a view: who, where they came from, and what they bought in it. */
export interface CustomerRow {
  id: string;
  name: string | null;
  email: string | null;
  country: string | null;
  /** The link their first click (the one the lead came through) was on. */
  linkId: string;
  shortLink: string;
  partnerId: string | null;
  /** When they became a lead, ISO UTC. */
  leadAt: string;
  /** Their first sale in the view, ISO UTC; null before one. */
  firstSaleAt: string | null;
  sales: number;
  revenue: Amounts;
}

type SaleFigures = { sales: number; revenue: Map<string, number>; firstSaleAt: string };

function salesByCustomer(sales: readonly ReadSaleEvent[]): Map<string, SaleFigures> {
  const byCustomer = new Map<string, SaleFigures>();
  for (const sale of sales) {
    const id = sale.customer?.id;
    if (!id) continue;
    const figures = byCustomer.get(id) ?? { sales: 0, revenue: new Map<string, number>(), firstSaleAt: sale.timestamp };
    const currency = sale.sale.currency.toLowerCase();
    figures.sales += 1;
    figures.revenue.set(currency, (figures.revenue.get(currency) ?? 0) + sale.sale.amount);
    if (sale.timestamp < figures.firstSaleAt) figures.firstSaleAt = sale.timestamp;
    byCustomer.set(id, figures);
  }
  return byCustomer;
}

/**
 * The view's customers: one row per customer who became a lead in it (their earliest lead there),
 * with their sales in the view. Newest leads first.
 */
export function customerRows(leads: readonly ReadLeadEvent[], sales: readonly ReadSaleEvent[]): CustomerRow[] {
  const bought = salesByCustomer(sales);
  const rows = new Map<string, CustomerRow>();
  for (const lead of leads) {
    const customer = lead.customer;
    if (!customer) continue;
    const known = rows.get(customer.id);
    if (known && known.leadAt <= lead.timestamp) continue;
    const figures = bought.get(customer.id);
    rows.set(customer.id, {
      id: customer.id,
      name: customer.name ?? null,
      email: customer.email ?? null,
      country: customer.country ?? lead.click.country ?? null,
      linkId: lead.link.id,
      shortLink: lead.link.shortLink,
      partnerId: lead.link.partnerId ?? null,
      leadAt: lead.timestamp,
      firstSaleAt: figures?.firstSaleAt ?? null,
      sales: figures?.sales ?? 0,
      revenue: figures?.revenue ?? new Map(),
    });
  }
  return [...rows.values()].sort((a, b) => (a.leadAt < b.leadAt ? 1 : a.leadAt > b.leadAt ? -1 : a.id.localeCompare(b.id)));
}

/** A customer's events, oldest first: the click that brought them, their lead, each sale. */
export type TimelineEntry =
  | { kind: "click"; at: string; lead: ReadLeadEvent }
  | { kind: "lead"; at: string; lead: ReadLeadEvent }
  | { kind: "sale"; at: string; sale: ReadSaleEvent };

export function customerTimeline(leads: readonly ReadLeadEvent[], sales: readonly ReadSaleEvent[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const lead of leads) {
    const clickedAt = lead.click.timestamp;
    if (clickedAt) entries.push({ kind: "click", at: new Date(clickedAt).toISOString(), lead });
    entries.push({ kind: "lead", at: lead.timestamp, lead });
  }
  for (const sale of sales) entries.push({ kind: "sale", at: sale.timestamp, sale });
  const order = { click: 0, lead: 1, sale: 2 } as const;
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : order[a.kind] - order[b.kind]));
}

/** Revenue per currency, adding up every sale given. */
export function totalRevenue(sales: readonly ReadSaleEvent[]): Amounts {
  const total = new Map<string, number>();
  for (const sale of sales) {
    const currency = sale.sale.currency.toLowerCase();
    total.set(currency, (total.get(currency) ?? 0) + sale.sale.amount);
  }
  return total;
}
