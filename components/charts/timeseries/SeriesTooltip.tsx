import type { Granularity } from "@/lib/contract/analytics";
import { bucketLabel } from "@/lib/analytics/buckets";
import { describeChange } from "@/lib/analytics/change";
import type { SeriesPoint } from "@/lib/analytics/series";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { METRIC_STYLES, type Metric } from "../metrics";
import { noteText } from "./noteText";

interface Props {
  point: SeriesPoint;
  metric: Metric;
  granularity: Granularity;
  timeZone: string;
  notes: readonly AnnotationJson[];
}

/** Exact values of one bucket (and its counterpart in the previous period), dates in the view's zone. */
export function SeriesTooltip({ point, metric, granularity, timeZone, notes }: Props) {
  const style = METRIC_STYLES[metric];
  return (
    <div className="min-w-44 rounded-lg border border-zinc-200 bg-white px-3 py-2 text-xs shadow-md">
      <p className="font-medium text-zinc-900">
        {bucketLabel(point.start, granularity, timeZone)}
        {point.partial && <span className="font-normal text-zinc-600"> (so far)</span>}
      </p>
      <p className="mt-1 flex items-center justify-between gap-4 text-zinc-700">
        <span className="flex items-center gap-1.5">
          <span className="size-2 rounded-full" style={{ backgroundColor: style.color }} />
          {style.label}
        </span>
        <span className="font-semibold text-zinc-900 tabular-nums">{style.format(point.value)}</span>
      </p>
      {point.previousStart !== null && point.previous !== null && (
        <>
          <p className="mt-2 text-zinc-600">{bucketLabel(point.previousStart, granularity, timeZone)}</p>
          <p className="mt-0.5 flex items-center justify-between gap-4 text-zinc-600">
            <span>Previous period</span>
            <span className="tabular-nums">{style.format(point.previous)}</span>
          </p>
          <p className="mt-0.5 text-right text-zinc-600 tabular-nums">
            {describeChange(point.value, point.previous).text}
          </p>
        </>
      )}
      {notes.map((note) => (
        <p key={note.id} className="mt-2 max-w-56 border-t border-zinc-100 pt-1.5 text-amber-800">
          {noteText(note)}
        </p>
      ))}
    </div>
  );
}
