import type { Metrics } from "@/lib/contract/analytics";
import type { FilterClauses } from "@/lib/contract/query";
import { describeChange, describePointChange, type ChangeDisplay } from "@/lib/analytics/change";
import { conversionRates } from "@/lib/analytics/conversion";
import { unfilteredNote } from "@/lib/analytics/unfiltered";
import { formatPercent } from "@/lib/format/number";
import { METRIC_STYLES, type Metric } from "../metrics";

export interface Kpi {
  id: string;
  label: string;
  dotClass: string;
  hint?: string;
  value: (m: Metrics) => string;
  change: (current: Metrics, previous: Metrics | null) => ChangeDisplay;
  previousText: (previous: Metrics) => string;
  /** Why the value mixes filtered and unfiltered counts, when the view's filters make it so. */
  note?: (filters: FilterClauses) => string | null;
}

const formatRate = (r: number | null) => (r === null ? "—" : formatPercent(r));

function metricKpi(metric: Metric): Kpi {
  const style = METRIC_STYLES[metric];
  return {
    id: metric,
    label: style.label,
    dotClass: style.dotClass,
    value: (m) => style.format(m[metric]),
    change: (current, previous) => describeChange(current[metric], previous ? previous[metric] : null),
    previousText: (previous) => style.format(previous[metric]),
  };
}

function rateKpi(id: "clickToLead" | "leadToSale", label: string, dotClass: string, hint: string): Kpi {
  const [from, to] = id === "clickToLead" ? (["clicks", "leads"] as const) : (["leads", "sales"] as const);
  return {
    id,
    label,
    dotClass,
    hint,
    note: (filters) => unfilteredNote(filters, [from], to),
    value: (m) => formatRate(conversionRates(m)[id]),
    change: (current, previous) => describePointChange(conversionRates(current)[id], previous ? conversionRates(previous)[id] : null),
    previousText: (previous) => formatRate(conversionRates(previous)[id]),
  };
}

/** The KPI row, in order: four totals, then the two conversion rates (compared in points). */
export const KPIS: readonly Kpi[] = [
  metricKpi("clicks"),
  metricKpi("leads"),
  metricKpi("sales"),
  metricKpi("saleAmount"),
  rateKpi("clickToLead", "Click → lead", "bg-violet-300", "Leads per click"),
  rateKpi("leadToSale", "Lead → sale", "bg-emerald-300", "Sales per lead (recurring sales included, so it can exceed 100%)"),
];
