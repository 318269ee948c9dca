import type { Metrics } from "../contract/analytics";

/** numerator / denominator, or null when the denominator is zero. */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/**
 * The page's figures: the four metrics (renewals are sales) plus the customers, first purchases
 * being the step of the funnel after a lead. Each rate divides a count by the one it came from.
 */
export interface Figures extends Metrics {
  /** First purchases: sales of type `new`. */
  customers: number;
  /** Revenue of those first purchases (cents). */
  customerAmount: number;
}

/**
 * A share of one count in another that holds it: at most 100%. Over a window, a later step can
 * outnumber an earlier one (leads today from clicks made yesterday); the share is then 100% and
 * `spill` says so, rather than a rate that no funnel can have.
 */
export interface Share {
  value: number | null;
  spill: boolean;
}

export function share(part: number, whole: number): Share {
  const value = rate(part, whole);
  if (value === null) return { value: null, spill: false };
  return { value: Math.min(value, 1), spill: value > 1 };
}

export interface Rates {
  /** Leads over clicks. */
  clickToLead: Share;
  /** First purchases over leads. */
  leadToCustomer: Share;
}

export function conversionRates(f: Pick<Figures, "clicks" | "leads" | "customers">): Rates {
  return { clickToLead: share(f.leads, f.clicks), leadToCustomer: share(f.customers, f.leads) };
}

/** The share of sales (and of revenue) that are renewals: sales beyond a customer's first. */
export function recurringShares(f: Pick<Figures, "sales" | "customers" | "saleAmount" | "customerAmount">): {
  sales: number | null;
  revenue: number | null;
} {
  return {
    sales: rate(Math.max(f.sales - f.customers, 0), f.sales),
    revenue: rate(Math.max(f.saleAmount - f.customerAmount, 0), f.saleAmount),
  };
}

export type FunnelMetric = "clicks" | "leads" | "customers";

export interface FunnelStep {
  metric: FunnelMetric;
  value: number;
  /** Share of the first step (clicks). */
  ofTop: Share;
  /** Share of the step before; null for the first step. */
  fromPrevious: Share | null;
}

/** Clicks → leads → customers: each step a subset of the one before it. */
export function funnelSteps(f: Pick<Figures, "clicks" | "leads" | "customers">): FunnelStep[] {
  const values: readonly [FunnelMetric, number][] = [
    ["clicks", f.clicks],
    ["leads", f.leads],
    ["customers", f.customers],
  ];
  return values.map(([metric, value], i) => ({
    metric,
    value,
    ofTop: share(value, f.clicks),
    fromPrevious: i === 0 ? null : share(value, values[i - 1][1]),
  }));
}
