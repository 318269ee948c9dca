import type { Metrics, TimeseriesRow } from "../contract/analytics";

export type SeriesMetric = keyof Metrics;

export interface SeriesPoint {
  start: string;
  value: number;
  /** The bucket holding "now": its count is so far, not final. */
  partial: boolean;
  /** The bucket at the same index in the previous period, when comparing. */
  previousStart: string | null;
  previous: number | null;
}

/**
 * One metric of the current series, with the previous period aligned by bucket index
 * (bucket 3 of this week against bucket 3 of last week). A previous series shorter by a
 * bucket (DST, uneven months) leaves the tail without a comparison instead of shifting.
 */
export function seriesPoints(
  current: readonly TimeseriesRow[],
  metric: SeriesMetric,
  previous?: readonly TimeseriesRow[],
): SeriesPoint[] {
  return current.map((row, i) => {
    const before = previous?.[i];
    return {
      start: row.start,
      value: row[metric],
      partial: false,
      previousStart: before?.start ?? null,
      previous: before ? before[metric] : null,
    };
  });
}

/**
 * The points a chart draws at `now`: buckets that start after now are left out (time that has
 * not happened is not zero), and when the range runs on past now the last bucket left is the one
 * holding now, marked partial.
 */
export function elapsedPoints(points: readonly SeriesPoint[], rangeEnd: Date, now: Date): SeriesPoint[] {
  const shown = points.filter((p) => Date.parse(p.start) <= now.getTime());
  if (shown.length === 0 || rangeEnd.getTime() <= now.getTime()) return shown;
  return shown.map((p, i) => (i === shown.length - 1 ? { ...p, partial: true } : p));
}

/** The first bucket with data, or null when there is none. */
export function firstWithData(rows: readonly TimeseriesRow[]): string | null {
  return rows.find((row) => row.clicks + row.leads + row.sales > 0)?.start ?? null;
}

/** Drops empty buckets before the first non-empty one ("all time" starts long before the data). */
export function trimLeadingEmpty(points: readonly SeriesPoint[]): SeriesPoint[] {
  const first = points.findIndex((p) => p.value !== 0 || (p.previous ?? 0) !== 0);
  return first <= 0 ? [...points] : points.slice(first);
}

export function seriesTotal(points: readonly SeriesPoint[]): number {
  return points.reduce((sum, p) => sum + p.value, 0);
}
