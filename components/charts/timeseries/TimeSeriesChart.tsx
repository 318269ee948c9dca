"use client";

import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import type { Granularity } from "@/lib/contract/analytics";
import { axisLabel } from "@/lib/analytics/buckets";
import type { SeriesPoint } from "@/lib/analytics/series";
import { niceTicks } from "@/lib/format/niceTicks";
import { METRIC_STYLES, type Metric } from "../metrics";
import { AnnotationMarker } from "./AnnotationMarker";
import { SeriesTooltip } from "./SeriesTooltip";

export interface TimeSeriesChartProps {
  points: SeriesPoint[];
  metric: Metric;
  granularity: Granularity;
  timeZone: string;
  compare: boolean;
  /** Notes by the start of the bucket they fall in (lib/analytics/annotationBuckets.ts). */
  notes: ReadonlyMap<string, readonly AnnotationJson[]>;
}

// The theme's chart colours (app/theme.css): SVG presentation attributes take CSS variables.
const AXIS_TICK = { fontSize: 11, fill: "var(--ll-chart-tick)" };

/** With this few points each is drawn as a dot: a line alone would suggest values between them. */
const DOTS_UP_TO = 31;

/**
 * The drawn values: `value` for complete buckets, `soFar` for the last complete one and the
 * partial one after it, so the partial bucket's segment is drawn apart (dotted, "so far").
 */
function drawn(points: readonly SeriesPoint[]) {
  const partial = points.findIndex((p) => p.partial);
  return points.map((p, i) => ({
    ...p,
    complete: p.partial ? null : p.value,
    soFar: partial !== -1 && (i === partial || i === partial - 1) ? p.value : null,
  }));
}

/** The recharts drawing only (loaded on demand: recharts is the heaviest module of the page). */
export default function TimeSeriesChart({
  points,
  metric,
  granularity,
  timeZone,
  compare,
  notes,
}: TimeSeriesChartProps) {
  const style = METRIC_STYLES[metric];
  const gradientId = `series-fill-${metric}`;
  const data = drawn(points);
  // Ticks in nice steps over what is drawn (money in whole dollars: amounts are cents).
  const highest = Math.max(0, ...points.map((p) => Math.max(p.value, compare ? (p.previous ?? 0) : 0)));
  const ticks = niceTicks(highest, { unit: metric === "saleAmount" ? 100 : 1 });
  const dot = points.length <= DOTS_UP_TO ? { r: 2.5, strokeWidth: 0, fill: style.color } : false;

  const renderTooltip = ({ active, activeIndex }: TooltipContentProps) => {
    const point = active && activeIndex !== undefined && activeIndex !== null ? points[Number(activeIndex)] : undefined;
    return point ? (
      <SeriesTooltip
        point={point}
        metric={metric}
        granularity={granularity}
        timeZone={timeZone}
        notes={notes.get(point.start) ?? []}
      />
    ) : null;
  };

  return (
    <ComposedChart
      responsive
      data={data}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: "100%", height: 240 }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={style.color} stopOpacity={0.18} />
          <stop offset="100%" stopColor={style.color} stopOpacity={0} />
        </linearGradient>
      </defs>
      <CartesianGrid vertical={false} stroke="var(--ll-chart-grid)" />
      <XAxis
        dataKey="start"
        tickFormatter={(start: string) => axisLabel(start, granularity, timeZone)}
        tickLine={false}
        axisLine={{ stroke: "var(--ll-chart-axis)" }}
        tick={AXIS_TICK}
        minTickGap={28}
        tickMargin={8}
      />
      <YAxis
        tickFormatter={(value: number) => style.formatShort(value)}
        ticks={ticks}
        domain={[0, ticks[ticks.length - 1]]}
        interval={0}
        tickLine={false}
        axisLine={false}
        tick={AXIS_TICK}
        width={52}
        allowDecimals={false}
      />
      <Tooltip content={renderTooltip} cursor={{ stroke: "var(--ll-chart-cursor)" }} isAnimationActive={false} />
      {compare && (
        <Line
          className="series-previous"
          type="linear"
          dataKey="previous"
          name="Previous period"
          stroke={style.color}
          strokeOpacity={0.4}
          strokeWidth={1.5}
          strokeDasharray="4 4"
          dot={false}
          activeDot={false}
          isAnimationActive={false}
        />
      )}
      <Area
        className="series-current"
        type="linear"
        dataKey="complete"
        name={style.label}
        stroke={style.color}
        strokeWidth={2}
        fill={`url(#${gradientId})`}
        dot={dot}
        activeDot={{ r: 3.5, strokeWidth: 0, fill: style.color }}
        isAnimationActive={false}
      />
      <Line
        className="series-partial"
        type="linear"
        dataKey="soFar"
        name={`${style.label} so far`}
        stroke={style.color}
        strokeWidth={2}
        strokeDasharray="2 3"
        dot={false}
        activeDot={{ r: 3.5, strokeWidth: 0, fill: style.color }}
        isAnimationActive={false}
        legendType="none"
      />
      {[...notes.entries()].map(([start, bucketNotes]) => (
        <ReferenceLine
          key={start}
          x={start}
          ifOverflow="hidden"
          shape={(props: { x1?: number; y1?: number; x2?: number; y2?: number }) => (
            <AnnotationMarker {...props} notes={bucketNotes} />
          )}
        />
      ))}
    </ComposedChart>
  );
}
