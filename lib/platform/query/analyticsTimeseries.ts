import type { Granularity, TimeseriesRow } from "../../contract/analytics";
import type { DateRange } from "../../contract/dateRange";
import { defaultGranularity } from "../../contract/granularity";
import { chTimeseries } from "../clickhouse/analytics";
import { toIso } from "../../contract/timestamps";
import { checkBucketCount, seriesSql } from "./analyticsBuckets";
import { factsSql, METRIC_SUMS, type ExactSlots, type FactsQuery } from "./analyticsFacts";
import { readMetrics } from "./analyticsMetrics";
import { SLOT_KEY } from "./factKeys";
import { date } from "./rows";
import type { ListScope } from "./scope";
import { SLOT_MS, slotOf } from "./slots";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

export interface TimeseriesQuery extends FactsQuery {
  timezone: string;
  granularity?: Granularity;
}

/**
 * Slots of a width keep every bucket whole when each bucket start of the series is a multiple of
 * it: 15-minute slots always (slots.ts); UTC hours or days only in some zones and granularities
 * (not Asia/Kolkata's hours, nor Berlin's days), which the series itself tells, asked once.
 */
function bucketsWhole(store: Store, timezone: string, range: DateRange, granularity: Granularity): ExactSlots {
  let starts: Promise<number[]> | undefined;
  return async (slotMs) => {
    if (slotMs === SLOT_MS) return true;
    const p = new SqlParams();
    starts ??= store.db
      .all(seriesSql(range, granularity, p.add("tz", timezone), p), p.values)
      .then((rows) => rows.map((row) => date(row, "bucket").getTime()));
    return (await starts).every((start) => start % slotMs === 0);
  };
}

/** groupBy=timeseries: one row per bucket of the range in the query's zone, empty buckets zero-filled. */
export async function analyticsTimeseries(
  store: Store,
  query: TimeseriesQuery,
  scope: ListScope,
): Promise<TimeseriesRow[]> {
  const granularity = query.granularity ?? defaultGranularity(scope.range);
  checkBucketCount(scope.range, granularity, query.timezone);
  if (store.clickhouse) return chTimeseries(store.db, store.clickhouse, query, scope, granularity);
  const p = new SqlParams();
  const facts = await factsSql(
    store,
    query,
    scope,
    SLOT_KEY,
    p,
    bucketsWhole(store, query.timezone, scope.range, granularity),
  );
  const tz = p.add("tz", query.timezone);
  const series = seriesSql(scope.range, granularity, tz, p);
  const sql = `WITH f AS (
${facts}
),
s AS (SELECT bucket, ${slotOf("bucket")} AS first_slot FROM (${series})),
b AS (SELECT s.bucket, ${METRIC_SUMS} FROM f ASOF JOIN s ON f.slot >= s.first_slot GROUP BY s.bucket)
SELECT s.bucket AS start, coalesce(b.clicks, 0)::BIGINT AS clicks, coalesce(b.leads, 0)::BIGINT AS leads,
  coalesce(b.sales, 0)::BIGINT AS sales, coalesce(b.sale_amount, 0)::BIGINT AS sale_amount
FROM s LEFT JOIN b ON b.bucket = s.bucket ORDER BY s.bucket`;
  const rows = await store.db.all(sql, p.values);
  return rows.map((row) => ({ start: toIso(date(row, "start")), ...readMetrics(row) }));
}
