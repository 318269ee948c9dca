import type { Metrics } from "../contract/analytics";

/** numerator / denominator, or null when the denominator is zero. */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

export interface Rates {
  clickToLead: number | null;
  /** Sales per lead; recurring sales count too, so it can exceed 100%. */
  leadToSale: number | null;
}

export function conversionRates(m: Pick<Metrics, "clicks" | "leads" | "sales">): Rates {
  return { clickToLead: rate(m.leads, m.clicks), leadToSale: rate(m.sales, m.leads) };
}

export interface FunnelStep {
  metric: "clicks" | "leads" | "sales";
  label: string;
  value: number;
  /** Share of the first step (clicks). */
  ofTop: number | null;
  /** Conversion from the step before; null for the first step or an empty previous step. */
  fromPrevious: number | null;
}

export function funnelSteps(m: Pick<Metrics, "clicks" | "leads" | "sales">): FunnelStep[] {
  const steps = [
    { metric: "clicks", label: "Clicks", value: m.clicks },
    { metric: "leads", label: "Leads", value: m.leads },
    { metric: "sales", label: "Sales", value: m.sales },
  ] as const;
  return steps.map((step, i) => ({
    ...step,
    ofTop: rate(step.value, m.clicks),
    fromPrevious: i === 0 ? null : rate(step.value, steps[i - 1].value),
  }));
}
