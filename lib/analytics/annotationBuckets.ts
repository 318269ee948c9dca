import { parseBound } from "../contract/dateRange";
import type { AnnotationJson } from "../contract/dashboardReplies";

/**
 * Which bucket of a drawn series each note falls in: its day's midnight in the view's time zone,
 * in the last bucket starting at or before it. Notes before the first bucket or from `end` on
 * (the range's exclusive end) are not on this chart. Keyed by the bucket's `start`, in day order.
 */
export function annotationsByBucket(
  starts: readonly string[],
  end: Date,
  timeZone: string,
  annotations: readonly AnnotationJson[],
): Map<string, AnnotationJson[]> {
  const out = new Map<string, AnnotationJson[]>();
  if (starts.length === 0) return out;
  const bounds = starts.map((start) => Date.parse(start));
  const sorted = [...annotations].sort((a, b) => a.day.localeCompare(b.day) || a.createdAt.localeCompare(b.createdAt));
  for (const annotation of sorted) {
    const at = parseBound(annotation.day, timeZone).getTime();
    if (at < bounds[0] || at >= end.getTime()) continue;
    let index = bounds.length - 1;
    while (bounds[index] > at) index -= 1;
    const key = starts[index];
    out.set(key, [...(out.get(key) ?? []), annotation]);
  }
  return out;
}
