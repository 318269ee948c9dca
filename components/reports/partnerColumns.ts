import { PARTNER_MEASURES, type PartnerMeasure } from "@/lib/analytics/partners";
import { formatMoney, majorUnitsText } from "@/lib/format/money";
import { formatNumber, formatPercent } from "@/lib/format/number";

/** The partners report's figure columns as people read them, keyed by the measures of lib/analytics/partners.ts. */
export interface MeasureColumn {
  label: string;
  /** A second line for the header: what a rate divides. */
  hint?: string;
  /** The number as the table shows it. */
  show: (value: number) => string;
  /** The number as the CSV holds it (plain, major units for money, a ratio as a percentage). */
  raw: (value: number) => string;
  /** Compared with the previous period in percentage points (rates), else in percent. */
  rate?: true;
  /** What the CSV's plain number is in. */
  unit?: "USD" | "%";
}

const USD = "usd";
const money: Pick<MeasureColumn, "show" | "raw" | "unit"> = {
  show: (v) => formatMoney(v, USD),
  raw: (v) => majorUnitsText(v, USD),
  unit: "USD",
};
const count: Pick<MeasureColumn, "show" | "raw"> = { show: formatNumber, raw: (v) => String(v) };
const percent: Pick<MeasureColumn, "show" | "raw" | "rate" | "unit"> = {
  show: (v) => formatPercent(v),
  raw: (v) => (v * 100).toFixed(2),
  rate: true,
  unit: "%",
};

export const MEASURE_COLUMNS: { readonly [M in PartnerMeasure]: MeasureColumn } = {
  clicks: { label: "Clicks", ...count },
  leads: { label: "Leads", ...count },
  customers: { label: "Customers", hint: "first purchases", ...count },
  sales: { label: "Sales", hint: "renewals included", ...count },
  revenue: { label: "Revenue", ...money },
  newRevenue: { label: "New revenue", hint: "first purchases", ...money },
  recurringRevenue: { label: "Recurring revenue", ...money },
  clickToLead: { label: "Click → lead", hint: "leads ÷ clicks", ...percent },
  leadToCustomer: { label: "Lead → customer", hint: "customers ÷ leads", ...percent },
  averageSale: { label: "Average sale", ...money },
};

export { PARTNER_MEASURES };
