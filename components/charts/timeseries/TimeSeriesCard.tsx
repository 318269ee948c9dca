"use client";

import { useState } from "react";
import type { AnnotationJson } from "@/lib/contract/dashboardReplies";
import type { EventsQuery } from "@/lib/contract/query";
import { resolveRange } from "@/lib/contract/dateRange";
import { effectiveGranularity, granularityOptions, GRANULARITY_LABELS } from "@/lib/analytics/granularity";
import { COMPARE_LABELS, comparisonParams } from "@/lib/analytics/comparison";
import { chartQuery } from "@/lib/analytics/queries";
import { bucketLabel } from "@/lib/analytics/buckets";
import { elapsedPoints, seriesPoints, trimLeadingEmpty } from "@/lib/analytics/series";
import type { EventKind } from "@/lib/contract/dimensions";
import { formatRange, isoDateInZone } from "@/lib/format/date";
import { annotationsByBucket } from "@/lib/analytics/annotationBuckets";
import { useAnnotations } from "@/lib/queries/useAnnotations";
import { useInView } from "@/lib/hooks/useInView";
import { useNow } from "@/lib/hooks/useNow";
import { isAllTime, seriesPlan } from "@/lib/queries/figurePlan";
import { useAnalytics } from "@/lib/queries/useAnalytics";
import { useDataSince } from "@/lib/queries/useDataSince";
import { useFigures } from "@/lib/queries/useFigures";
import { METRIC_STYLES, SERIES_METRICS, type Metric } from "../metrics";
import { Card } from "../parts/Card";
import { useCompareRefusal } from "../parts/useCompareRefusal";
import { ChartError } from "../parts/ChartState";
import { Segmented } from "@/components/ui/Segmented";
import { ToggleButton } from "../parts/ToggleButton";
import { AnnotationsPanel } from "./AnnotationsPanel";
import { seriesTable } from "./seriesCsv";
import { useViewFile } from "@/components/export/ViewFiles";
import { SeriesTable } from "./SeriesTable";
import TimeSeriesChart from "./TimeSeriesChart";
import { useGranularityChoice, useMetricChoice } from "@/lib/url/useUrlState";
import { useCardComparison } from "../parts/useCardComparison";

const CHART_HEIGHT = "h-60";

const DEFAULT_METRIC: Record<EventKind, Metric> = { clicks: "clicks", leads: "leads", sales: "saleAmount" };
const METRIC_OPTIONS = SERIES_METRICS.map((m) => ({ value: m, label: METRIC_STYLES[m].label }));

/**
 * Clicks, leads, sales or revenue over time: one `timeseries` request (event=composite holds
 * all four metrics, so switching metric is free), plus one for the previous period when comparing.
 * The same reply is the page's totals (lib/queries/figurePlan.ts): the headline is the KPI row's figure.
 */
export function TimeSeriesCard({ view }: { view: EventsQuery }) {
  const now = useNow();
  const [chosenGranularity, chooseGranularity] = useGranularityChoice();
  const { comparing: comparison, comparable, toggleLabel, setOn } = useCardComparison(view);
  const [metric, setMetric] = useMetricChoice(DEFAULT_METRIC[view.event]);
  const [asTable, setAsTable] = useState(false);
  const [ref, seen] = useInView<HTMLElement>();

  // All time is drawn from the first month with data, so the bucket size suits the data's span.
  const allTime = isAllTime(view);
  const dataSince = useDataSince(view, { enabled: seen });
  const plan = seriesPlan(view, { granularity: chosenGranularity, comparison }, now, dataSince.since);
  const drawn = plan?.drawn ?? (allTime ? null : view);
  // Null until the time is known (the server's HTML shows it when the server fetched the first screen).
  const range = plan?.range ?? null;
  const figures = useFigures(view);

  const style = METRIC_STYLES[metric];
  const granularity = range ? effectiveGranularity(range, chosenGranularity) : "day";
  const query = plan?.query ?? chartQuery(drawn ?? view, "composite", "timeseries", granularity);
  const lockedOut = useCompareRefusal(view);
  const comparing = comparison !== null && lockedOut === null;

  const current = useAnalytics(query, { enabled: seen && range !== null, priority: "high" });
  const previous = useAnalytics(query, {
    enabled: seen && comparing && range !== null,
    priority: "low",
    period: comparison ?? "previous",
  });

  const raw = current.data ? seriesPoints(current.data, metric, comparing ? previous.data : undefined) : [];
  const elapsed = now && range ? elapsedPoints(raw, range.end, now) : raw;
  const points = allTime ? trimLeadingEmpty(elapsed) : elapsed;
  const partial = points.find((p) => p.partial);
  const previousParams = now && range && comparison ? comparisonParams(view, comparison, now) : null;
  const previousLabel = now && previousParams ? formatRange(resolveRange(previousParams, now), view.timezone) : null;
  // All time says the real dates: from the first bucket with data.
  const shownRange =
    range && allTime && points.length > 0 ? { start: new Date(points[0].start), end: range.end } : range;
  const rangeLabel = shownRange ? formatRange(shownRange, view.timezone) : null;
  const noData = allTime && dataSince.since === null;
  // Never the last view's total under this view's label: while this one loads, a placeholder.
  const total = figures.data && !figures.isPlaceholderData ? figures.data[metric] : null;

  // Notes come from the dashboard's own database: no upstream request.
  const annotations = useAnnotations({ enabled: seen });
  const notes: ReadonlyMap<string, AnnotationJson[]> =
    range && annotations.data
      ? annotationsByBucket(
          points.map((p) => p.start),
          range.end,
          view.timezone,
          annotations.data,
        )
      : new Map();
  const notesInRange = [...notes.values()].flat();
  // "Download view" holds the series as its table view shows it.
  const comparedDrawn = comparing && previous.data !== undefined;
  useViewFile(
    "over-time",
    current.data && !current.isPlaceholderData
      ? {
          name: "over-time.csv",
          order: 1,
          produce: async () => {
            const { tableCsv } = await import("@/lib/export/table");
            const table = seriesTable(points, metric, view.timezone, comparedDrawn, notes);
            return tableCsv(table.header, table.rows);
          },
        }
      : null,
  );
  const lastDay = range
    ? isoDateInZone(new Date(Math.min(range.end.getTime(), now?.getTime() ?? range.end.getTime()) - 1), view.timezone)
    : "";

  return (
    <Card
      ref={ref}
      title="Over time"
      titleId="chart-timeseries-title"
      className="lg:col-span-2"
      actions={
        <>
          <ToggleButton
            pressed={comparing}
            onChange={setOn}
            disabled={!comparable || lockedOut !== null}
            title={
              lockedOut ??
              (comparable
                ? "Draw the period compared with (as far into it as this one has run); X toggles it"
                : "All time has no previous period")
            }
          >
            {toggleLabel}
          </ToggleButton>
          <ToggleButton pressed={asTable} onChange={setAsTable} label="Show as table, over time">
            Show as table
          </ToggleButton>
        </>
      }
    >
      {lockedOut && <p className="mb-2 text-xs text-zinc-600">{lockedOut}</p>}
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums">
            {total !== null ? (
              style.format(total)
            ) : (
              <span
                role="status"
                aria-label="Updating the total"
                className="inline-block h-7 w-28 animate-pulse rounded bg-zinc-100 align-middle"
              />
            )}
          </p>
          <p className="text-xs text-zinc-600">
            {style.label} · {rangeLabel ?? (now && drawn ? "invalid range" : "…")} · {view.timezone}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Segmented label="Metric" options={METRIC_OPTIONS} value={metric} onChange={setMetric} />
          {range && (
            <Segmented
              label="Granularity"
              options={granularityOptions(range).map((g) => ({ value: g, label: GRANULARITY_LABELS[g] }))}
              value={granularity}
              onChange={chooseGranularity}
            />
          )}
        </div>
      </div>

      {noData ? (
        <p className="py-8 text-center text-sm text-zinc-600">No events yet: all time is empty.</p>
      ) : now && drawn && !range ? (
        <p className="py-8 text-center text-sm text-zinc-600">The date range in the address is not valid.</p>
      ) : dataSince.error ? (
        <ChartError error={dataSince.error} onRetry={() => void dataSince.refetch()} />
      ) : current.error && !current.data ? (
        <ChartError error={current.error} onRetry={() => void current.refetch()} />
      ) : !range || !current.data ? (
        <div
          role="status"
          aria-label="Loading the time series"
          className={`${CHART_HEIGHT} animate-pulse rounded-md bg-zinc-50`}
        />
      ) : (
        <figure
          aria-label={`${style.label} over time`}
          // The last view's series, while this one loads, is dimmed and marked busy: visibly not this view's yet.
          aria-busy={current.isPlaceholderData || undefined}
          className={current.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"}
        >
          {asTable ? (
            <SeriesTable
              points={points}
              metric={metric}
              granularity={granularity}
              timeZone={view.timezone}
              compare={comparing}
              notes={notes}
            />
          ) : (
            <div className={CHART_HEIGHT}>
              <TimeSeriesChart
                points={points}
                metric={metric}
                granularity={granularity}
                timeZone={view.timezone}
                compare={comparing && previous.data !== undefined}
                notes={notes}
              />
            </div>
          )}
          <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500">
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-0.5 w-4 rounded" style={{ backgroundColor: style.color }} />
              {rangeLabel}
            </span>
            {partial && (
              <span className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="w-4 border-t-2 border-dotted"
                  style={{ borderColor: style.color }}
                />
                {`${bucketLabel(partial.start, granularity, view.timezone)}: so far`}
              </span>
            )}
            {comparing && (
              <span className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="w-4 border-t-2 border-dashed"
                  style={{ borderColor: style.color, opacity: 0.5 }}
                />
                {comparison ? COMPARE_LABELS[comparison.mode] : ""}: {previousLabel}
                {previous.isFetching && !previous.data ? " (loading…)" : ""}
                {previous.error ? ` (${previous.error.message})` : ""}
              </span>
            )}
          </figcaption>
        </figure>
      )}
      {range && current.data && (
        <AnnotationsPanel
          notes={notesInRange}
          defaultDay={lastDay}
          error={annotations.error ? annotations.error.message : null}
          loading={annotations.data === undefined && !annotations.error}
        />
      )}
    </Card>
  );
}
