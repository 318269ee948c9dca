import { FILTER_LIST, type Filter, type FilterGroup } from "@/lib/filters/dimensions";

/** The menu element's id inside the "Add filter" panel (the search box's ArrowDown goes there). */
export const FILTER_MENU_ID = "add-filter-menu";

/** The table's filters by group, in table order, narrowed by a search. */
export function groupedFilters(search: string): { group: FilterGroup; defs: Filter[] }[] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<FilterGroup, Filter[]>();
  for (const def of FILTER_LIST) {
    if (needle && !`${def.label} ${def.group} ${def.param}`.toLowerCase().includes(needle)) continue;
    groups.set(def.group, [...(groups.get(def.group) ?? []), def]);
  }
  return [...groups].map(([group, defs]) => ({ group, defs }));
}
