import type { Metrics } from "@/lib/contract/analytics";
import { BREAKDOWNS, type BreakdownGroupBy, type FilterParam } from "@/lib/contract/dimensions";
import { describeRow, type AnalyticsRow, type RowDescription } from "@/lib/filters/dimensions";

/** One bar of a breakdown, whatever the grouping: the filter value plus what people read. */
export interface BreakdownItem extends RowDescription {
  /** The value the row's filter takes; "" when the dimension is empty (not filterable). */
  value: string;
  label: string;
  metrics: Metrics;
}

function metricsOf(row: AnalyticsRow): Metrics {
  const n = (key: keyof Metrics) => (typeof row[key] === "number" ? (row[key] as number) : 0);
  return { clicks: n("clicks"), leads: n("leads"), sales: n("sales"), saleAmount: n("saleAmount") };
}

export function breakdownItems(groupBy: BreakdownGroupBy, rows: readonly object[]): BreakdownItem[] {
  return rows.map((object) => {
    const row = object as AnalyticsRow;
    const described = describeRow(groupBy, row);
    return { ...described, label: described.label || "(none)", metrics: metricsOf(row) };
  });
}

/** The filter a grouping's rows set. */
export function filterParamOf(groupBy: BreakdownGroupBy): FilterParam {
  return BREAKDOWNS[groupBy].filter;
}
