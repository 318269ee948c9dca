import type { RowColumn, RowFigures } from "@/lib/analytics/rowFigures";
import type { BreakdownItem } from "./items";
import type { RowFiguresState } from "./PanelContent";

/** A sale has no clicks or leads of its own: the tab's columns are its counts and revenue. */
const SALE_TYPE_COLUMNS: readonly RowColumn[] = ["sales", "saleAmount"];

/** The tab's figures for its table view and CSV: already in its two counts, no request more. */
export function saleTypeFigures(items: readonly BreakdownItem[] | undefined, fileName: string): RowFiguresState {
  const rows = items
    ? new Map<BreakdownItem, RowFigures>(items.map((i) => [i, { ...i.metrics, customers: null }]))
    : null;
  const totals = items
    ? items.reduce<RowFigures>(
        (sum, i) => ({ ...sum, sales: sum.sales + i.metrics.sales, saleAmount: sum.saleAmount + i.metrics.saleAmount }),
        { clicks: 0, leads: 0, sales: 0, saleAmount: 0, customers: null },
      )
    : null;
  return { rows, columns: SALE_TYPE_COLUMNS, totals, error: null, load: async () => rows, fileName };
}
