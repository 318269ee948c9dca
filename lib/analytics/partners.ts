import { MAX_BREAKDOWN_ROWS, type BreakdownRow } from "../contract/analytics";
import { conversionRates, rate, type Figures, type Share } from "./conversion";

/** One partner's figures over a view: the four metrics, its customers (first purchases) and the revenue they brought. */
export interface PartnerFigures extends Figures {
  partnerId: string;
  name: string;
  email: string | null;
  country: string | null;
}

type PartnerRow = BreakdownRow<"top_partners">;
type LinkRow = BreakdownRow<"top_links">;

/** A partner's first purchases (sales of type new): their count and amount. */
export interface PartnerFirsts {
  partnerId: string;
  sales: number;
  saleAmount: number;
}

/**
 * Whether a grouping's reply holds every row (fewer than the platform lists at most): only then do
 * rows of a partition, such as one per link, sum to the view's totals.
 */
export function isWhole(rows: readonly unknown[]): boolean {
  return rows.length < MAX_BREAKDOWN_ROWS;
}

/**
 * First purchases per partner from first purchases per link: each link's row names its partner.
 * Links without a partner count in the view's total only. Exact when the links' reply is whole.
 */
export function firstsByPartner(links: readonly LinkRow[]): PartnerFirsts[] {
  const byPartner = new Map<string, PartnerFirsts>();
  for (const link of links) {
    if (!link.partnerId) continue;
    const firsts = byPartner.get(link.partnerId) ?? { partnerId: link.partnerId, sales: 0, saleAmount: 0 };
    firsts.sales += link.sales;
    firsts.saleAmount += link.saleAmount;
    byPartner.set(link.partnerId, firsts);
  }
  return [...byPartner.values()];
}

/**
 * Joins what a partners report reads: every kind per partner (composite), and first purchases per
 * partner (sales of type new). A partner with no first purchase has 0 customers.
 */
export function partnerFigures(all: readonly PartnerRow[], firsts: readonly PartnerFirsts[] | null): PartnerFigures[] {
  const firstById = new Map((firsts ?? []).map((row) => [row.partnerId, row]));
  return all.map((row) => {
    const first = firstById.get(row.partnerId);
    return {
      partnerId: row.partnerId,
      name: row.partner.name,
      email: row.partner.email,
      country: row.partner.country,
      clicks: row.clicks,
      leads: row.leads,
      sales: row.sales,
      saleAmount: row.saleAmount,
      customers: first?.sales ?? 0,
      customerAmount: first?.saleAmount ?? 0,
    };
  });
}

/** What the page's totals hold beyond the partners listed: events of links without a partner. */
export function withoutPartner(total: Figures, partners: readonly Figures[]): Figures {
  const sum = (key: keyof Figures) => total[key] - partners.reduce((s, p) => s + p[key], 0);
  return {
    clicks: sum("clicks"),
    leads: sum("leads"),
    sales: sum("sales"),
    saleAmount: sum("saleAmount"),
    customers: sum("customers"),
    customerAmount: sum("customerAmount"),
  };
}

/** The columns of a partners report, each a number read from a partner's figures (null when it has no meaning, e.g. a rate over nothing). */
export const PARTNER_MEASURES = {
  clicks: (f: Figures) => f.clicks,
  leads: (f: Figures) => f.leads,
  customers: (f: Figures) => f.customers,
  sales: (f: Figures) => f.sales,
  revenue: (f: Figures) => f.saleAmount,
  newRevenue: (f: Figures) => f.customerAmount,
  recurringRevenue: (f: Figures) => f.saleAmount - f.customerAmount,
  clickToLead: (f: Figures) => shareValue(conversionRates(f).clickToLead),
  leadToCustomer: (f: Figures) => shareValue(conversionRates(f).leadToCustomer),
  averageSale: (f: Figures) => rate(f.saleAmount, f.sales),
} as const satisfies Record<string, (f: Figures) => number | null>;

export type PartnerMeasure = keyof typeof PARTNER_MEASURES;
export const PARTNER_MEASURE_IDS = Object.keys(PARTNER_MEASURES) as PartnerMeasure[];

function shareValue(share: Share): number | null {
  return share.value;
}

export type SortKey = PartnerMeasure | "name";

/** Partners ordered by a measure (descending, or ascending with `ascending`), nulls last, then by name. */
export function sortPartners<P extends PartnerFigures>(partners: readonly P[], key: SortKey, ascending: boolean): P[] {
  const value = (p: P) => (key === "name" ? null : PARTNER_MEASURES[key](p));
  return [...partners].sort((a, b) => {
    if (key === "name") return (ascending ? 1 : -1) * a.name.localeCompare(b.name);
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    return (ascending ? x - y : y - x) || a.name.localeCompare(b.name);
  });
}
