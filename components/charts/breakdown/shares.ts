import type { FilterClause } from "@/lib/contract/query";
import type { Metric } from "../metrics";
import type { BreakdownItem } from "./items";

export interface CardShares {
  /** The rows the card lists: every value but the ones the view excludes. */
  items: BreakdownItem[];
  /** What every share in the card is of: the card's total of the metric. */
  base: number;
  /** The part of the base in no listed row (events without a value of the dimension). */
  unlisted: number;
}

export function itemsTotal(items: readonly BreakdownItem[], metric: Metric): number {
  return items.reduce((sum, item) => sum + item.metrics[metric], 0);
}

/**
 * The one share rule for every breakdown card: a row's share is of the card's total, all of the
 * metric the card counts (the view's filters but its own dimension's inclusion), not of the rows
 * that happen to carry a value (UTM-tagged or partner revenue only). A value the view excludes is
 * not listed and not in the base. `cardTotal` is the platform's count over the card's query
 * (own filter dropped); without it, the rows' own sum.
 */
export function cardShares(
  items: readonly BreakdownItem[],
  clause: FilterClause | undefined,
  metric: Metric,
  cardTotal: number | undefined,
): CardShares {
  const excluded = new Set(clause?.exclude ? clause.values : []);
  const listed = items.filter((item) => !excluded.has(item.value));
  const listedSum = itemsTotal(listed, metric);
  const excludedSum = itemsTotal(
    items.filter((item) => excluded.has(item.value)),
    metric,
  );
  const base = cardTotal === undefined ? listedSum : Math.max(listedSum, cardTotal - excludedSum);
  return { items: listed, base, unlisted: base - listedSum };
}
