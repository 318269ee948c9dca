import type { EventKind } from "../contract/dimensions";
import { resolveRange, type RangeParams } from "../contract/dateRange";
import { rangeFileName } from "../format/date";

/** An export's file name, saying its kind and the days it covers in the view's zone: `linklens-sales-2026-10-24-to-2026-11-23.csv`. */
export function exportFileName(kind: EventKind, range: RangeParams, now: Date): string {
  if (!range.start && range.interval === "all") return `linklens-${kind}-all-time.csv`;
  try {
    return rangeFileName(`linklens-${kind}`, resolveRange(range, now), range.timezone);
  } catch {
    return `linklens-${kind}.csv`;
  }
}
