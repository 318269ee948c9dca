import type { Granularity, TimeseriesRow } from "../../contract/analytics";
import { defaultGranularity } from "../../contract/granularity";
import { toIso } from "../../contract/timestamps";
import { checkBucketCount, seriesSql } from "./analyticsBuckets";
import { factsSql, METRIC_SUMS, type FactsQuery } from "./analyticsFacts";
import { readMetrics } from "./analyticsMetrics";
import { SLOT_KEY } from "./factKeys";
import { date } from "./rows";
import type { ListScope } from "./scope";
import { slotOf } from "./slots";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

export interface TimeseriesQuery extends FactsQuery {
  timezone: string;
  granularity?: Granularity;
}

/** groupBy=timeseries: one row per bucket of the range in the query's zone, empty buckets zero-filled. */
export async function analyticsTimeseries(store: Store, query: TimeseriesQuery, scope: ListScope): Promise<TimeseriesRow[]> {
  const granularity = query.granularity ?? defaultGranularity(scope.range);
  checkBucketCount(scope.range, granularity, query.timezone);
  const p = new SqlParams();
  const facts = await factsSql(store, query, scope, SLOT_KEY, p);
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
