import type { Metrics } from "@/lib/contract/analytics";
import type { TAG_COLORS } from "@/lib/contract/events";
import { breakdownOf, type BreakdownGroupBy } from "@/lib/contract/groupBy";
import { analyticsRowDetail, analyticsRowLabel, type AnalyticsRow } from "@/lib/format/analyticsRow";
import { continentName } from "@/lib/format/continent";
import { countryName } from "@/lib/format/country";
import { formatFilterValue } from "@/lib/format/filterValue";
import type { FilterParam } from "@/lib/filters/table";

/** One bar of a breakdown, whatever the grouping: the filter value plus what people read. */
export interface BreakdownItem {
  /** The value the row's filter takes; "" when the dimension is empty (not filterable). */
  value: string;
  label: string;
  detail?: string;
  /** Country code whose flag goes beside the label. */
  flag?: string;
  tagColor?: (typeof TAG_COLORS)[number];
  metrics: Metrics;
}

const text = (row: AnalyticsRow, key: string) => (typeof row[key] === "string" ? (row[key] as string) : "");

function metricsOf(row: AnalyticsRow): Metrics {
  const n = (key: keyof Metrics) => (typeof row[key] === "number" ? (row[key] as number) : 0);
  return { clicks: n("clicks"), leads: n("leads"), sales: n("sales"), saleAmount: n("saleAmount") };
}

function describe(groupBy: BreakdownGroupBy, row: AnalyticsRow, value: string): Omit<BreakdownItem, "value" | "metrics"> {
  const country = text(row, "country");
  switch (groupBy) {
    case "countries":
      return { label: countryName(value), flag: value };
    case "regions":
      return { label: value, flag: country, detail: countryName(country) };
    case "cities":
      return { label: value, flag: country, detail: countryName(country) };
    case "continents":
      return { label: continentName(value) };
    case "triggers":
      return { label: formatFilterValue("trigger", value) };
    case "top_link_tags": {
      const tag = row.tag as { color?: BreakdownItem["tagColor"] } | undefined;
      return { label: analyticsRowLabel(groupBy, row) ?? value, tagColor: tag?.color };
    }
    case "top_partners": {
      const partner = row.partner as { email?: string | null; country?: string | null } | undefined;
      return { label: analyticsRowLabel(groupBy, row) ?? value, detail: partner?.email ?? undefined, flag: partner?.country ?? undefined };
    }
    default:
      return { label: analyticsRowLabel(groupBy, row) ?? value, detail: analyticsRowDetail(groupBy, row) };
  }
}

export function breakdownItems(groupBy: BreakdownGroupBy, rows: readonly object[]): BreakdownItem[] {
  const rowKey = breakdownOf(groupBy)?.rowKey ?? groupBy;
  return rows.map((object) => {
    const row = object as AnalyticsRow;
    const value = text(row, rowKey);
    const described = describe(groupBy, row, value);
    return { ...described, label: described.label || "(none)", value, metrics: metricsOf(row) };
  });
}

/** The filter a grouping's rows set. */
export function filterParamOf(groupBy: BreakdownGroupBy): FilterParam {
  const found = breakdownOf(groupBy);
  if (!found) throw new Error(`unknown grouping ${groupBy}`);
  return found.filterParam;
}
