"use client";

import { useState, type PointerEvent } from "react";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import type { Granularity } from "@/lib/contract/analytics";
import { axisLabel } from "@/lib/analytics/buckets";
import type { SeriesPoint } from "@/lib/analytics/series";
import { niceTicks } from "@/lib/format/niceTicks";
import { METRIC_STYLES, type Metric } from "../metrics";
import { AnnotationMarker } from "./AnnotationMarker";
import { SeriesTooltip } from "./SeriesTooltip";
import { axisTickIndexes, linePath, plotX, plotY, PLOT_SIZE } from "./plotGeometry";

export interface TimeSeriesChartProps {
  points: SeriesPoint[];
  metric: Metric;
  granularity: Granularity;
  timeZone: string;
  compare: boolean;
  /** Notes by the start of the bucket they fall in (lib/analytics/annotationBuckets.ts). */
  notes: ReadonlyMap<string, readonly AnnotationJson[]>;
}

// The theme's chart colours (app/theme.css).
const TICK_STYLE = { color: "var(--ll-chart-tick)" };

/** With this few points each is drawn as a dot: a line alone would suggest values between them. */
const DOTS_UP_TO = 31;

/**
 * The series drawn as SVG in the page itself (no chart library): it renders on the server with
 * the page's first-screen data, so the chart is on screen with the HTML, before any script runs,
 * and nothing animates in. The paths are drawn in a fixed square stretched to the plot's size
 * (strokes keep their width: non-scaling); dots, axis labels, the cursor, the tooltip and the
 * notes' markers are HTML placed in percent, so they keep their shape at any width.
 * `complete` holds complete buckets; the last complete one and the partial one after it are drawn
 * apart, dotted ("so far").
 */
export default function TimeSeriesChart({
  points,
  metric,
  granularity,
  timeZone,
  compare,
  notes,
}: TimeSeriesChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const style = METRIC_STYLES[metric];
  const gradientId = `series-fill-${metric}`;
  const count = points.length;
  // Ticks in nice steps over what is drawn (money in whole dollars: amounts are cents).
  const highest = Math.max(0, ...points.map((p) => Math.max(p.value, compare ? (p.previous ?? 0) : 0)));
  const ticks = niceTicks(highest, { unit: metric === "saleAmount" ? 100 : 1 });
  const top = ticks[ticks.length - 1];
  const x = (i: number) => plotX(i, count);
  const y = (value: number) => plotY(value, top);

  const partial = points.findIndex((p) => p.partial);
  const complete = points.map((p) => (p.partial ? null : p.value));
  const soFar = points.map((p, i) => (partial !== -1 && (i === partial || i === partial - 1) ? p.value : null));
  const previous = points.map((p) => p.previous);
  const currentLine = linePath(complete, x, y);
  const lastComplete = complete.reduce<number>((last, v, i) => (v === null ? last : i), -1);
  const firstComplete = complete.findIndex((v) => v !== null);
  const area =
    currentLine && firstComplete !== -1
      ? `${currentLine}L${x(lastComplete)},${PLOT_SIZE}L${x(firstComplete)},${PLOT_SIZE}Z`
      : null;
  const dots = count <= DOTS_UP_TO;
  const labelled = axisTickIndexes(count);
  const markers = [...notes.entries()]
    .map(([start, bucketNotes]) => ({ index: points.findIndex((p) => p.start === start), bucketNotes, start }))
    .filter((m) => m.index !== -1);

  const track = (event: PointerEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const at = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    setActive(Math.min(count - 1, Math.max(0, Math.round(at * (count - 1)))));
  };
  const percent = (i: number) => `${(x(i) / PLOT_SIZE) * 100}%`;
  const height = (value: number) => `${(y(value) / PLOT_SIZE) * 100}%`;
  const shown = active !== null ? points[active] : undefined;

  return (
    <div className="flex h-full w-full flex-col text-[11px] tabular-nums">
      <div className="flex min-h-0 flex-1 pt-2">
        <div aria-hidden="true" className="relative w-[52px] shrink-0" style={TICK_STYLE}>
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-2 -translate-y-1/2 whitespace-nowrap leading-none"
              style={{ top: height(tick) }}
            >
              {style.formatShort(tick)}
            </span>
          ))}
        </div>
        <div
          className="relative min-w-0 flex-1 touch-pan-y"
          onPointerMove={track}
          onPointerDown={track}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            aria-hidden="true"
            className="series-plot absolute inset-0 h-full w-full overflow-visible"
            viewBox={`0 0 ${PLOT_SIZE} ${PLOT_SIZE}`}
            preserveAspectRatio="none"
          >
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={style.color} stopOpacity={0.18} />
                <stop offset="100%" stopColor={style.color} stopOpacity={0} />
              </linearGradient>
            </defs>
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={PLOT_SIZE}
                y1={y(tick)}
                y2={y(tick)}
                stroke={tick === 0 ? "var(--ll-chart-axis)" : "var(--ll-chart-grid)"}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {compare && (
              <g className="series-previous">
                <path
                  d={linePath(previous, x, y) ?? ""}
                  fill="none"
                  stroke={style.color}
                  strokeOpacity={0.4}
                  strokeWidth={1.5}
                  strokeDasharray="4 4"
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            )}
            <g className="series-current">
              {area && <path d={area} fill={`url(#${gradientId})`} stroke="none" />}
              {currentLine && (
                <path
                  d={currentLine}
                  fill="none"
                  stroke={style.color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              )}
            </g>
            {partial !== -1 && (
              <g className="series-partial">
                <path
                  d={linePath(soFar, x, y) ?? ""}
                  fill="none"
                  stroke={style.color}
                  strokeWidth={2}
                  strokeDasharray="2 3"
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            )}
          </svg>
          {dots &&
            complete.map((value, i) =>
              value === null ? null : (
                <span
                  key={points[i].start}
                  aria-hidden="true"
                  className="pointer-events-none absolute size-[5px] -translate-x-1/2 -translate-y-1/2 rounded-full"
                  style={{ left: percent(i), top: height(value), backgroundColor: style.color }}
                />
              ),
            )}
          {active !== null && shown && (
            <>
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 w-px -translate-x-1/2"
                style={{ left: percent(active), backgroundColor: "var(--ll-chart-cursor)" }}
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute size-[7px] -translate-x-1/2 -translate-y-1/2 rounded-full"
                style={{ left: percent(active), top: height(shown.value), backgroundColor: style.color }}
              />
              <div
                className={`pointer-events-none absolute top-0 z-10 ${x(active) > PLOT_SIZE / 2 ? "-translate-x-full -ml-2" : "ml-2"}`}
                style={{ left: percent(active) }}
              >
                <SeriesTooltip
                  point={shown}
                  metric={metric}
                  granularity={granularity}
                  timeZone={timeZone}
                  notes={notes.get(shown.start) ?? []}
                />
              </div>
            </>
          )}
          {markers.map((marker) => (
            <AnnotationMarker
              key={marker.start}
              left={percent(marker.index)}
              openLeft={x(marker.index) > PLOT_SIZE / 2}
              notes={marker.bucketNotes}
            />
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="relative ml-[52px] mt-2 h-4 shrink-0" style={TICK_STYLE}>
        {labelled.map((i, n) => (
          <span
            key={points[i].start}
            // On a narrow screen every other label, so they do not run into each other.
            className={`absolute -translate-x-1/2 whitespace-nowrap leading-none ${n % 2 === 1 ? "hidden sm:block" : ""}`}
            style={{ left: percent(i) }}
          >
            {axisLabel(points[i].start, granularity, timeZone)}
          </span>
        ))}
      </div>
    </div>
  );
}
