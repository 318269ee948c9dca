import type { Granularity } from "@/lib/contract/analytics";
import { bucketLabel } from "@/lib/analytics/buckets";
import type { SeriesPoint } from "@/lib/analytics/series";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import { METRIC_STYLES, type Metric } from "../metrics";
import { noteText } from "./noteText";

interface Props {
  points: SeriesPoint[];
  metric: Metric;
  granularity: Granularity;
  timeZone: string;
  compare: boolean;
  notes: ReadonlyMap<string, readonly AnnotationJson[]>;
}

/** The time series as a table: the chart's text alternative, with the same numbers. */
export function SeriesTable({ points, metric, granularity, timeZone, compare, notes }: Props) {
  const style = METRIC_STYLES[metric];
  const withNotes = notes.size > 0;
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-zinc-100">
      <table className="w-full text-sm">
        <caption className="sr-only">
          {style.label} per {granularity}, times in {timeZone}
        </caption>
        <thead className="sticky top-0 bg-zinc-50 text-left text-xs text-zinc-600">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {granularity === "hour" ? "Hour" : granularity[0].toUpperCase() + granularity.slice(1)}
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              {style.label}
            </th>
            {compare && (
              <th scope="col" className="px-3 py-1.5 font-medium">
                Previous period
              </th>
            )}
            {compare && (
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                Previous {style.noun}
              </th>
            )}
            {withNotes && (
              <th scope="col" className="px-3 py-1.5 font-medium">
                Notes
              </th>
            )}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {points.map((point) => (
            <tr key={point.start} className="border-t border-zinc-100">
              <th scope="row" className="px-3 py-1 text-left font-normal text-zinc-700">
                {bucketLabel(point.start, granularity, timeZone)}
                {point.partial && <span className="text-zinc-600"> (so far)</span>}
              </th>
              <td className="px-3 py-1 text-right text-zinc-900">{style.format(point.value)}</td>
              {compare && (
                <td className="px-3 py-1 text-zinc-600">
                  {point.previousStart ? bucketLabel(point.previousStart, granularity, timeZone) : "—"}
                </td>
              )}
              {compare && (
                <td className="px-3 py-1 text-right text-zinc-600">
                  {point.previous === null ? "—" : style.format(point.previous)}
                </td>
              )}
              {withNotes && (
                <td className="px-3 py-1 text-zinc-700">{(notes.get(point.start) ?? []).map(noteText).join("; ")}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
