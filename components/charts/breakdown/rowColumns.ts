import type { RowColumn } from "@/lib/analytics/rowFigures";
import { majorUnitsText, formatMoney } from "@/lib/format/money";
import { formatNumber, formatPercent } from "@/lib/format/number";

/** A breakdown table's figure columns as people read them (and as the card's CSV holds them), keyed by lib/analytics/rowFigures.ts. */
export interface RowColumnDisplay {
  label: string;
  hint?: string;
  show: (value: number) => string;
  /** The CSV's plain value: money in major units, rates as a percentage. */
  raw: (value: number) => string;
  unit?: "USD" | "%";
}

const USD = "usd";
const count = { show: formatNumber, raw: (v: number) => String(v) };
const percent = { show: (v: number) => formatPercent(v), raw: (v: number) => (v * 100).toFixed(2), unit: "%" as const };

export const ROW_COLUMN_DISPLAY: { readonly [C in RowColumn]: RowColumnDisplay } = {
  clicks: { label: "Clicks", ...count },
  leads: { label: "Leads", ...count },
  sales: { label: "Sales", ...count },
  saleAmount: { label: "Revenue", show: (v) => formatMoney(v, USD), raw: (v) => majorUnitsText(v, USD), unit: "USD" },
  clickToLead: { label: "Click → lead", hint: "leads ÷ clicks", ...percent },
  leadToCustomer: { label: "Lead → customer", hint: "first purchases ÷ leads", ...percent },
};
