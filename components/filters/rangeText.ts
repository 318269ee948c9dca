import { resolveRange, type DateRange, type RangeParams } from "@/lib/contract/dateRange";
import { isoDateInZone, formatRange, formatRangeInZone } from "@/lib/format/date";
import { matchPreset, presetById, type RangePreset } from "@/lib/filters/presets";

/** The instants the view covers, or null when its bounds contradict each other. */
export function resolveViewRange(range: RangeParams, now: Date): DateRange | null {
  try {
    return resolveRange(range, now);
  } catch {
    return null;
  }
}

/** The preset the range stands for; without `now` only interval presets can be told apart. */
export function currentPreset(range: RangeParams, now: Date | null): RangePreset | null {
  if (now) return matchPreset(range, now);
  return !range.start && !range.end ? presetById(range.interval ?? "24h") : null;
}

/** Short label for the picker button: the preset's name or the custom dates. */
export function rangeButtonLabel(range: RangeParams, now: Date | null): string {
  const preset = currentPreset(range, now);
  if (preset) return preset.label;
  const resolved = now && resolveViewRange(range, now);
  return resolved ? formatRange(resolved, range.timezone, now) : "Custom range";
}

/** "Nov 21, 03:00 – Nov 22, 03:00 (Europe/Berlin)"; all time with where its data begins ("since Aug 2026"), when known. */
export function rangeSummary(range: RangeParams, now: Date, allTimeFrom: string | null = null): string {
  if (!range.start && range.interval === "all")
    return `All time${allTimeFrom ? `, ${allTimeFrom}` : ""} (${range.timezone})`;
  const resolved = resolveViewRange(range, now);
  if (!resolved) return `The start (${range.start}) is after the end (${range.end ?? "now"}).`;
  return formatRangeInZone(resolved, range.timezone, now);
}

/** First and last calendar day of the range in its zone, to prefill the custom form. */
export function rangeDays(range: RangeParams, now: Date): { start: string; end: string } {
  const resolved = resolveViewRange(range, now);
  const today = isoDateInZone(now, range.timezone);
  if (!resolved || (!range.start && range.interval === "all")) return { start: today, end: today };
  return {
    start: isoDateInZone(resolved.start, range.timezone),
    end: isoDateInZone(new Date(Math.min(resolved.end.getTime(), now.getTime() + 1) - 1), range.timezone),
  };
}
