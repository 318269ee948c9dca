import type { RowColumn } from "@/lib/analytics/rowFigures";

/** A card's row order: the platform's (by the card's metric), by any figure column, or by the change in the metric or in the share. */
export interface BreakdownSort {
  column: "value" | "change" | "shareChange" | RowColumn;
  ascending: boolean;
}

export const DEFAULT_SORT: BreakdownSort = { column: "value", ascending: false };
