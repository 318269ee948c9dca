import { DEFAULT_INTERVAL, isDateOnly, type Interval, type RangeParams } from "../contract/dateRange";
import { addCalendarDays, isoDateInZone } from "../format/date";
import type { RangeChoice } from "./useView";

/**
 * The date range presets of the picker, one row each: the spec's nine intervals plus
 * Today and Yesterday, which are written as date-only start/end in the chosen zone.
 * Shortcuts are single keys; the capital ones are the "to date" variants.
 */

export type PresetId = Interval | "today" | "yesterday";

export interface RangePreset {
  readonly id: PresetId;
  readonly label: string;
  /** `KeyboardEvent.key` that applies the preset. */
  readonly key: string;
  readonly choose: (now: Date, timeZone: string) => RangeChoice;
}

const interval = (value: Interval) => (): RangeChoice => ({ interval: value });
const dayBack =
  (days: number) =>
  (now: Date, timeZone: string): RangeChoice => {
    const day = addCalendarDays(isoDateInZone(now, timeZone), -days);
    return { start: day, end: day };
  };

export const RANGE_PRESETS: readonly RangePreset[] = [
  { id: "today", label: "Today", key: "t", choose: dayBack(0) },
  { id: "yesterday", label: "Yesterday", key: "y", choose: dayBack(1) },
  { id: "24h", label: "Last 24 hours", key: "d", choose: interval("24h") },
  { id: "7d", label: "Last 7 days", key: "w", choose: interval("7d") },
  { id: "30d", label: "Last 30 days", key: "m", choose: interval("30d") },
  { id: "90d", label: "Last 90 days", key: "q", choose: interval("90d") },
  { id: "1y", label: "Last 12 months", key: "l", choose: interval("1y") },
  { id: "mtd", label: "Month to date", key: "M", choose: interval("mtd") },
  { id: "qtd", label: "Quarter to date", key: "Q", choose: interval("qtd") },
  { id: "ytd", label: "Year to date", key: "Y", choose: interval("ytd") },
  { id: "all", label: "All time", key: "a", choose: interval("all") },
];

export function presetForKey(key: string): RangePreset | undefined {
  return RANGE_PRESETS.find((p) => p.key === key);
}

export function presetById(id: PresetId): RangePreset {
  const preset = RANGE_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`unknown preset ${id}`);
  return preset;
}

/** How a shortcut is shown: "W", or "⇧M" for a capital letter. */
export function shortcutLabel(key: string): string {
  return key !== key.toLowerCase() ? `⇧${key}` : key.toUpperCase();
}

/** The preset the URL's range stands for, or null for a custom range. */
export function matchPreset(range: RangeParams, now: Date): RangePreset | null {
  if (!range.start && !range.end) return presetById(range.interval ?? DEFAULT_INTERVAL);
  if (!range.start || !range.end || range.start !== range.end || !isDateOnly(range.start)) return null;
  for (const id of ["today", "yesterday"] as const) {
    const preset = presetById(id);
    if (preset.choose(now, range.timezone).start === range.start) return preset;
  }
  return null;
}
