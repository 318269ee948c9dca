/** A card's row order: the platform's (by its metric), or by the change in the metric or in the share. */
export interface BreakdownSort {
  column: "value" | "change" | "shareChange";
  ascending: boolean;
}

export const DEFAULT_SORT: BreakdownSort = { column: "value", ascending: false };
