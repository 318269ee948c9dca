import type { ReadLeadEvent, ReadSaleEvent } from "../contract/readEvents";

/** Amounts per currency, in minor units: amounts of different currencies are never added. */
export type Amounts = ReadonlyMap<string, number>;

/** One customer of a view, at their latest lead in it (./customerPages.ts): who, where they came from, and what they bought since. */
export interface CustomerRow {
  id: string;
  name: string | null;
  email: string | null;
  country: string | null;
  /** The link of the click that lead came through. */
  linkId: string;
  shortLink: string;
  partnerId: string | null;
  /** Their latest lead in the view, ISO UTC. */
  leadAt: string;
  /** Their first sale in the view since that lead, ISO UTC; null before one. */
  firstSaleAt: string | null;
  sales: number;
  revenue: Amounts;
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
