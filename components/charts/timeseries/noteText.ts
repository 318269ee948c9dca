import { parseBound } from "@/lib/contract/dateRange";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { formatDay } from "@/lib/format/date";

/** "Mar 14, 2026" for a note's calendar day (a day is a day in every zone: it is read as UTC). */
export function noteDay(annotation: AnnotationJson): string {
  return formatDay(parseBound(annotation.day, "UTC"), "UTC", { year: true });
}

/** "Mar 14, 2026: Launched spring campaign (Ada)": a note as one line, for labels and tooltips. */
export function noteText(annotation: AnnotationJson): string {
  return `${noteDay(annotation)}: ${annotation.note}${annotation.authorName ? ` (${annotation.authorName})` : ""}`;
}
