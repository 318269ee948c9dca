import type { FilterClause } from "@/lib/contract/query";
import { type FilterParam } from "@/lib/contract/dimensions";
import { filterDef } from "@/lib/filters/dimensions";

/**
 * The clause after "filter by this value": an include list grows by the value,
 * anything else (an exclusion, a single-value filter) is replaced by it.
 */
export function addFilterValue(param: FilterParam, current: FilterClause | undefined, value: string): FilterClause {
  const def = filterDef(param);
  if (def.multi && current && !current.exclude) {
    return current.values.includes(value) ? current : { exclude: false, values: [...current.values, value] };
  }
  return { exclude: false, values: [value] };
}

/** "Filter by country United States": the filter's label reads as a noun inside the sentence. */
export function filterActionLabel(param: FilterParam, display: string): string {
  const label = filterDef(param).label;
  const noun = /^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
  return `Filter by ${noun} ${display}`;
}
