import { lockedFilters } from "@/lib/access/shareLock";
import type { CommonQuery } from "@/lib/contract/query";
import { FILTER_DISPLAY, filterDef } from "@/lib/filters/dimensions";
import { RANGE_PRESETS } from "@/lib/filters/presets";
import { chipText } from "../filters/filterText";

/** A share link's locked filters as the filter chips say them: "Country is United States, Germany; Device is not Mobile". */
export function lockedFiltersText(lock: CommonQuery): string {
  const filters = lockedFilters(lock);
  if (filters.length === 0) return "no filters";
  return filters
    .map(({ param, clause }) => chipText(filterDef(param), clause, FILTER_DISPLAY[param].format ?? ((value) => value)))
    .join("; ");
}

/** The dates a lock allows, in the range picker's words: "the last 30 days (moving with time)", "2026-11-01 to 2026-11-07". */
export function lockedRangeText(lock: CommonQuery): string {
  if (lock.start) return `${lock.start} to ${lock.end ?? "now"}`;
  const interval = lock.interval ?? "24h";
  const label = RANGE_PRESETS.find((preset) => preset.id === interval)?.label ?? interval;
  if (lock.end) return `${label.toLowerCase()} before ${lock.end}`;
  return `${label.toLowerCase()} (moving with time)`;
}
