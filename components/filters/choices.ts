import type { FilterOption, FilterOptionsState } from "@/lib/queries/useFilterOptions";
import { type Filter, formatFilterValue } from "@/lib/filters/dimensions";
import { fixedChoices } from "./filterText";

export interface Choice {
  value: string;
  label: string;
  detail?: string;
  count?: number;
}

/**
 * The rows of a filter's value list: the values it can only take (enums, booleans), else the
 * analytics options, by the count they show; `listed` values (selected or just unticked) it lacks come first.
 */
export function buildChoices(def: Filter, state: FilterOptionsState, listed: readonly string[]): Choice[] {
  const options: readonly FilterOption[] = state.status === "ready" ? state.options : [];
  const fixed = fixedChoices(def);
  const counted = new Map(options.map((o) => [o.value, o]));
  const base: Choice[] =
    fixed.length > 0
      ? fixed.map((value) => ({
          value,
          label: formatFilterValue(def.param, value),
          count: counted.get(value)?.count ?? (options.length > 0 ? 0 : undefined),
        }))
      : options.map((o) => ({ ...o }));
  // Ordered by the count each row shows (the platform orders by its own metric, revenue for sales).
  base.sort((a, b) => (b.count ?? -1) - (a.count ?? -1));
  const present = new Set(base.map((c) => c.value));
  const extra = listed
    .filter((v) => !present.has(v))
    .map((value) => ({ value, label: formatFilterValue(def.param, value) }));
  return [...extra, ...base];
}

/** Case-insensitive match on the label, the raw value and the detail line. */
export function searchChoices(choices: readonly Choice[], search: string): Choice[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...choices];
  return choices.filter((c) => [c.label, c.value, c.detail ?? ""].some((text) => text.toLowerCase().includes(needle)));
}

/** The choice a typed text names exactly (its value or its label), if any. */
export function exactChoice(choices: readonly Choice[], text: string): Choice | undefined {
  const needle = text.trim().toLowerCase();
  return choices.find((c) => c.value.toLowerCase() === needle || c.label.toLowerCase() === needle);
}

export function toggleValue(def: Filter, selected: readonly string[], value: string): string[] {
  if (!def.multi) return selected.includes(value) ? [] : [value];
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}
