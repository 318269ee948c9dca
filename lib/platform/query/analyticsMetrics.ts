import type { Metrics } from "../../contract/analytics";
import type { Row } from "./db";
import { num } from "./rows";

/** The SQL column each metric is read back from (see METRIC_SUMS). */
export const METRIC_COLUMN: Record<keyof Metrics, string> = {
  clicks: "clicks",
  leads: "leads",
  sales: "sales",
  saleAmount: "sale_amount",
};

export function readMetrics(row: Row): Metrics {
  return {
    clicks: num(row, "clicks"),
    leads: num(row, "leads"),
    sales: num(row, "sales"),
    saleAmount: num(row, "sale_amount"),
  };
}
