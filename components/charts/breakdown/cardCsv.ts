import { describeChange, describePointChange } from "@/lib/analytics/change";
import { rowColumnValue, type RowColumn, type RowFigures } from "@/lib/analytics/rowFigures";
import type { Metric } from "../metrics";
import type { RowComparison } from "./BreakdownList";
import type { BreakdownItem } from "./items";
import { ROW_COLUMN_DISPLAY } from "./rowColumns";

export interface CardCsvInput {
  dimensionLabel: string;
  items: readonly BreakdownItem[];
  /** The card's total of its metric: what the share column is of. */
  total: number;
  metric: Metric;
  /** Every metric per row; null: only the card's own. */
  rows: Map<BreakdownItem, RowFigures> | null;
  columns: readonly RowColumn[];
  comparison: RowComparison | null;
}

/** The header and rows of a card's CSV: the table view's columns, plain values (money in major units, rates and shares in %). */
export function cardCsvTable({ dimensionLabel, items, total, metric, rows, columns, comparison }: CardCsvInput): {
  header: string[];
  rows: string[][];
} {
  const unit = (column: RowColumn) => (ROW_COLUMN_DISPLAY[column].unit ? ` (${ROW_COLUMN_DISPLAY[column].unit})` : "");
  const header = [
    dimensionLabel,
    "Value",
    ...columns.map((c) => `${ROW_COLUMN_DISPLAY[c].label}${unit(c)}`),
    `Share of ${ROW_COLUMN_DISPLAY[metric].label.toLowerCase()} (%)`,
  ];
  if (comparison) header.push(`${ROW_COLUMN_DISPLAY[metric].label} before`, "Change", "Share change");
  const body = items.map((item) => {
    const figures: RowFigures = rows?.get(item) ?? { ...item.metrics, customers: null };
    const cells = columns.map((column) => {
      const value = column === metric ? item.metrics[metric] : rowColumnValue(column, figures);
      return value === null ? "" : ROW_COLUMN_DISPLAY[column].raw(value);
    });
    const line = [item.label, item.value, ...cells, total > 0 ? ((item.metrics[metric] / total) * 100).toFixed(2) : ""];
    if (comparison) {
      const change = comparison.changes?.get(item);
      line.push(
        change ? ROW_COLUMN_DISPLAY[metric].raw(change.before) : "",
        change ? describeChange(item.metrics[metric], change.before).text : "",
        change ? describePointChange(change.share, change.shareBefore).text : "",
      );
    }
    return line;
  });
  return { header, rows: body };
}

/** The card's CSV text (the CSV writer loaded on first use). */
export async function cardCsv(input: CardCsvInput): Promise<string> {
  const { guardText, tableCsv } = await import("@/lib/export/table");
  const table = cardCsvTable(input);
  return tableCsv(
    table.header,
    table.rows.map(([label, value, ...rest]) => [guardText(label), guardText(value), ...rest]),
  );
}
