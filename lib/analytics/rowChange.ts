import { percentChange, pointChange } from "./change";

/** A breakdown row against the period compared with: its metric and its share of the card, then and now. */
export interface RowChange {
  /** The row's metric in the compared period; 0 when the row was not there. */
  before: number;
  /** Relative change of the metric; null when it was 0 before (new, or nothing either time). */
  ratio: number | null;
  /** Share of the card's total now and before (0..1); before is null when the compared total is 0. */
  share: number;
  shareBefore: number | null;
  /** Change of the share in percentage points; null when there is no share before. */
  sharePoints: number | null;
}

/** `now` and `before` of a row's metric, `base` and `baseBefore` the card's totals in each period. */
export function rowChange(now: number, before: number, base: number, baseBefore: number): RowChange {
  const share = base > 0 ? now / base : 0;
  const shareBefore = baseBefore > 0 ? before / baseBefore : null;
  return {
    before,
    ratio: percentChange(now, before),
    share,
    shareBefore,
    sharePoints: pointChange(share, shareBefore),
  };
}

/** Each row's change, matching rows by value; a row absent from the compared period had 0 there. */
export function rowChanges<T extends { value: string }>(
  rows: readonly T[],
  metricOf: (row: T) => number,
  previous: readonly T[],
  base: number,
  baseBefore: number,
): Map<T, RowChange> {
  const before = new Map(previous.map((row) => [row.value, metricOf(row)]));
  return new Map(rows.map((row) => [row, rowChange(metricOf(row), before.get(row.value) ?? 0, base, baseBefore)]));
}

export type ChangeSortKey = "ratio" | "sharePoints";

/**
 * The order "sort by change" gives, largest rise first: a row that was not there before (infinite
 * rise) above every percentage, rows with nothing either time last whichever way it is read.
 */
export function changeSortValue(change: RowChange | undefined, key: ChangeSortKey, now: number): number | null {
  if (!change) return null;
  if (key === "sharePoints") return change.sharePoints;
  if (change.ratio !== null) return change.ratio;
  return now > 0 ? Number.POSITIVE_INFINITY : null;
}

/** Sorts by a numeric value, descending unless `ascending`; rows without one last either way, ties in their given order. */
export function sortByValue<T>(rows: readonly T[], valueOf: (row: T) => number | null, ascending: boolean): T[] {
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order = ascending ? a.value - b.value : b.value - a.value;
      return order === 0 || Number.isNaN(order) ? a.index - b.index : order;
    })
    .map(({ row }) => row);
}
