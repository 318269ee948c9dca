import type { FilterClause } from "../contract/query";

/** How a breakdown row relates to its dimension's filter in the URL. */
export type RowState = "included" | "excluded" | "none";

export function rowState(clause: FilterClause | undefined, value: string): RowState {
  if (!clause || !clause.values.includes(value)) return "none";
  return clause.exclude ? "excluded" : "included";
}

function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/**
 * The clause after clicking a row: adds or removes it from the included values. The API
 * has one sign per parameter (`-` excludes the whole list), so including a value while
 * the dimension is excluded starts a fresh include list. Null removes the filter.
 */
export function toggleInclude(clause: FilterClause | undefined, value: string, multi: boolean): FilterClause | null {
  if (!multi)
    return clause && !clause.exclude && clause.values[0] === value ? null : { exclude: false, values: [value] };
  const values = clause && !clause.exclude ? toggled(clause.values, value) : [value];
  return values.length > 0 ? { exclude: false, values } : null;
}

/** The clause after the exclude gesture (multi filters only, the only ones with `-`). */
export function toggleExclude(clause: FilterClause | undefined, value: string): FilterClause | null {
  const values = clause?.exclude ? toggled(clause.values, value) : [value];
  return values.length > 0 ? { exclude: true, values } : null;
}
