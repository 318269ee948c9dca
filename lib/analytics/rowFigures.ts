import type { Metrics } from "../contract/analytics";
import { rate } from "./conversion";

/**
 * A breakdown row with every metric side by side: the four counts of the composite grouping, and
 * its first purchases (customers) when known, for the two conversion rates.
 */
export interface RowFigures extends Metrics {
  /** First purchases; null when not asked for (the plan refused it, or not loaded). */
  customers: number | null;
}

export const ROW_COLUMNS = ["clicks", "leads", "sales", "saleAmount", "clickToLead", "leadToCustomer"] as const;
export type RowColumn = (typeof ROW_COLUMNS)[number];

/** A column's value for a row; null when it cannot be told (a rate over nothing, customers unknown). */
export function rowColumnValue(column: RowColumn, row: RowFigures): number | null {
  switch (column) {
    case "clickToLead":
      return rate(row.leads, row.clicks);
    case "leadToCustomer":
      return row.customers === null ? null : rate(row.customers, row.leads);
    default:
      return row[column];
  }
}

/** Joins a row's own counts with the composite grouping's and the first purchases' rows of the same value (0 when absent there). */
export function joinRowFigures<T extends { value: string; metrics: Metrics }>(
  rows: readonly T[],
  composite: readonly { value: string; metrics: Metrics }[] | undefined,
  firsts: readonly { value: string; metrics: Metrics }[] | undefined | null,
): Map<T, RowFigures> {
  const all = new Map((composite ?? []).map((row) => [row.value, row.metrics]));
  const first = firsts ? new Map(firsts.map((row) => [row.value, row.metrics.sales])) : null;
  return new Map(
    rows.map((row) => {
      const metrics = all.get(row.value) ?? row.metrics;
      return [row, { ...metrics, customers: first ? (first.get(row.value) ?? 0) : null }];
    }),
  );
}

/** The column totals of rows, rates recomputed from the summed counts (never averaged). */
export function totalFigures(rows: Iterable<RowFigures>): RowFigures {
  const sum: RowFigures = { clicks: 0, leads: 0, sales: 0, saleAmount: 0, customers: 0 };
  for (const row of rows) {
    sum.clicks += row.clicks;
    sum.leads += row.leads;
    sum.sales += row.sales;
    sum.saleAmount += row.saleAmount;
    sum.customers = sum.customers === null || row.customers === null ? null : sum.customers + row.customers;
  }
  return sum;
}
