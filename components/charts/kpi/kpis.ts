import type { FilterClauses } from "@/lib/contract/query";
import { describeChange, describePointChange, type ChangeDisplay } from "@/lib/analytics/change";
import { conversionRates, recurringShares, type Figures, type Rates, type Share } from "@/lib/analytics/conversion";
import { unfilteredNote } from "@/lib/analytics/unfiltered";
import { formatPercent } from "@/lib/format/number";
import { METRIC_STYLES, type Metric } from "../metrics";

export interface Kpi {
  id: string;
  label: string;
  dotClass: string;
  value: (f: Figures) => string;
  /** A second line read with the tile: what a rate divides, how much of a total is renewals. */
  detail?: (f: Figures) => string | null;
  change: (current: Figures, previous: Figures | null) => ChangeDisplay;
  previousText: (previous: Figures) => string;
  /** What to know about the value: counts filtered differently, a step outnumbering the one before. */
  note?: (filters: FilterClauses, f: Figures) => string | null;
}

const formatShare = (s: Share) => (s.value === null ? "—" : formatPercent(s.value));

function recurringDetail(share: number | null): string | null {
  return share === null ? null : `${formatPercent(share)} recurring`;
}

function metricKpi(metric: Metric, detail?: Kpi["detail"]): Kpi {
  const style = METRIC_STYLES[metric];
  return {
    id: metric,
    label: style.label,
    dotClass: style.dotClass,
    value: (f) => style.format(f[metric]),
    detail,
    change: (current, previous) => describeChange(current[metric], previous ? previous[metric] : null),
    previousText: (previous) => style.format(previous[metric]),
  };
}

const SPILL: Record<keyof Rates, string> = {
  clickToLead: "More leads than clicks in this period: some came from clicks made before it.",
  leadToCustomer: "More first purchases than leads in this period: some came from leads made before it.",
};

/** The filters a rate's two counts do not share. First purchases are sales of type new by definition, so sale type does not count. */
function rateNote(id: keyof Rates, filters: FilterClauses): string | null {
  if (id === "clickToLead") return unfilteredNote(filters, ["clicks"], "leads");
  const { saleType: _ignored, ...rest } = filters;
  return unfilteredNote(rest, ["leads"], "sales");
}

function rateKpi(id: keyof Rates, label: string, dotClass: string, divides: string): Kpi {
  return {
    id,
    label,
    dotClass,
    value: (f) => formatShare(conversionRates(f)[id]),
    detail: () => divides,
    note: (filters, f) =>
      [rateNote(id, filters), conversionRates(f)[id].spill ? SPILL[id] : null].filter(Boolean).join(" ") || null,
    change: (current, previous) =>
      describePointChange(conversionRates(current)[id].value, previous ? conversionRates(previous)[id].value : null),
    previousText: (previous) => formatShare(conversionRates(previous)[id]),
  };
}

/** The KPI row, in order: four totals (renewals are sales), then the two conversion rates (compared in points, never above 100%). */
export const KPIS: readonly Kpi[] = [
  metricKpi("clicks"),
  metricKpi("leads"),
  metricKpi("sales", (f) => recurringDetail(recurringShares(f).sales)),
  metricKpi("saleAmount", (f) => recurringDetail(recurringShares(f).revenue)),
  rateKpi("clickToLead", "Click → lead", "bg-violet-300", "leads ÷ clicks"),
  rateKpi("leadToCustomer", "Lead → customer", "bg-emerald-300", "first purchases ÷ leads"),
];
