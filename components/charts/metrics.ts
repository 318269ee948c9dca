import type { Metric } from "@/lib/contract/analytics";
import { formatMoney } from "@/lib/format/money";
import { formatCompact, formatNumber } from "@/lib/format/number";

export type { Metric };

/** Amounts are cents; mixed-currency workspaces are reported in USD by the platform. */
const CURRENCY = "usd";

interface MetricStyle {
  label: string;
  /** Noun for sentences: "1,234 clicks". */
  noun: string;
  /** One hue per metric, used for its line, bars and dots everywhere: a CSS variable, so it follows the theme (app/theme.css). */
  color: string;
  /** Tailwind classes for a faint bar of this metric (breakdown rows). */
  barClass: string;
  dotClass: string;
  format: (value: number) => string;
  formatShort: (value: number) => string;
}

export const METRIC_STYLES: Record<Metric, MetricStyle> = {
  clicks: {
    label: "Clicks",
    noun: "clicks",
    color: "var(--ll-series-clicks)",
    barClass: "bg-blue-100",
    dotClass: "bg-blue-600",
    format: formatNumber,
    formatShort: formatCompact,
  },
  leads: {
    label: "Leads",
    noun: "leads",
    color: "var(--ll-series-leads)",
    barClass: "bg-violet-100",
    dotClass: "bg-violet-600",
    format: formatNumber,
    formatShort: formatCompact,
  },
  sales: {
    label: "Sales",
    noun: "sales",
    color: "var(--ll-series-sales)",
    barClass: "bg-emerald-100",
    dotClass: "bg-emerald-600",
    format: formatNumber,
    formatShort: formatCompact,
  },
  saleAmount: {
    label: "Revenue",
    noun: "revenue",
    color: "var(--ll-series-sales)",
    barClass: "bg-emerald-100",
    dotClass: "bg-emerald-600",
    format: (cents) => formatMoney(cents, CURRENCY),
    formatShort: (cents) => formatMoney(cents, CURRENCY, { compact: true }),
  },
};

export const SERIES_METRICS: readonly Metric[] = ["clicks", "leads", "sales", "saleAmount"];
