import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import type { SeriesPoint } from "@/lib/analytics/series";
import { isoInZone } from "@/lib/format/date";
import { ROW_COLUMN_DISPLAY } from "../breakdown/rowColumns";
import type { Metric } from "../metrics";

/** The time series as its table view shows it, plain values (money in major units), times in the view's zone, with the notes of each bucket. */
export function seriesTable(
  points: readonly SeriesPoint[],
  metric: Metric,
  timeZone: string,
  compare: boolean,
  notes: ReadonlyMap<string, readonly AnnotationJson[]>,
): { header: string[]; rows: string[][] } {
  const display = ROW_COLUMN_DISPLAY[metric];
  const label = display.unit ? `${display.label} (${display.unit})` : display.label;
  const header = ["Start", label, ...(compare ? ["Compared start", `${label}, compared`] : []), "Notes"];
  const rows = points.map((point) => [
    isoInZone(new Date(point.start), timeZone),
    display.raw(point.value),
    ...(compare
      ? [
          point.previousStart ? isoInZone(new Date(point.previousStart), timeZone) : "",
          point.previous === null ? "" : display.raw(point.previous),
        ]
      : []),
    (notes.get(point.start) ?? []).map((note) => note.note).join("; "),
  ]);
  return { header, rows };
}
