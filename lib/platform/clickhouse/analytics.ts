import { ORDER_METRIC, type Granularity, type Metrics, type TimeseriesRow } from "../../contract/analytics";
import { toIso } from "../../contract/timestamps";
import { filtersFor, kindsOf, type FactsQuery } from "../query/analyticsFacts";
import { seriesSql } from "../query/analyticsBuckets";
import { METRIC_COLUMN, readMetrics } from "../query/analyticsMetrics";
import type { Db, Row } from "../query/db";
import { date, num } from "../query/rows";
import type { ListScope } from "../query/scope";
import { SqlParams } from "../query/sqlParams";
import { ChParams } from "./chParams";
import type { ChDb } from "./clickhouseDb";
import { chFactsStatement, type ChKey, type KindFilters } from "./facts";

/**
 * /analytics computed on the ClickHouse event store: the count, the timeseries (bucketed there,
 * in the query's zone) and the breakdowns of the click's own columns (counted, ordered and
 * limited there) are each one ClickHouse statement. DuckDB only gives the series of bucket
 * starts the timeseries is zero-filled against (no events: query/analyticsBuckets.ts, the same
 * edges on either store) and the link ids a link filter matches.
 */

/** Per kind the query reads, the filters that apply to it. */
export const kindFilters = (query: FactsQuery): KindFilters[] =>
  kindsOf(query.event).map((kind) => ({ kind, filters: filtersFor(query, kind) }));

/** No key: every fact summed, from any rollup whose columns the filters test. */
const NO_KEY: ChKey = { names: [], exprs: [], rollup: { columns: [], exprs: () => [] } };

/** groupBy=count: one row, the four metrics. */
export async function chCount(links: Db, events: ChDb, query: FactsQuery, scope: ListScope): Promise<Metrics> {
  const p = new ChParams();
  const [row] = await events.all(await chFactsStatement(links, kindFilters(query), scope, NO_KEY, p), p.values);
  if (!row) throw new Error("an aggregate without GROUP BY returned no row");
  return readMetrics(row);
}

/**
 * A bucket's start in the zone of parameter `tz`, as the instant's epoch milliseconds, for each
 * granularity: the same edges as DuckDB's series (analyticsBuckets.ts seriesSql), DST days
 * included: hours are cut from each instant (a repeated local hour is two buckets), days, weeks
 * (from Monday) and months start at the local midnight that begins them.
 */
const BUCKET_START: Record<Granularity, (t: string, tz: string) => string> = {
  hour: (t, tz) => `toStartOfHour(${t}, ${tz})`,
  day: (t, tz) => `toStartOfDay(${t}, ${tz})`,
  week: (t, tz) => `toDateTime(toMonday(${t}, ${tz}), ${tz})`,
  month: (t, tz) => `toDateTime(toStartOfMonth(${t}, ${tz}), ${tz})`,
};

/** The start (epoch ms, Int64) of the bucket holding the instant `t`, in the zone of parameter `tz`. */
export const chBucketStartMs = (granularity: Granularity, t: string, tz: string) =>
  `toInt64(toUnixTimestamp(${BUCKET_START[granularity](t, tz)})) * 1000`;

/** groupBy=timeseries: the events counted per bucket on ClickHouse, zero-filled over the series of the range's buckets. */
export async function chTimeseries(
  links: Db,
  events: ChDb,
  query: FactsQuery & { timezone: string },
  scope: ListScope,
  granularity: Granularity,
): Promise<TimeseriesRow[]> {
  const p = new SqlParams();
  const series = await links.all(
    `${seriesSql(scope.range, granularity, p.add("tz", query.timezone), p)} ORDER BY bucket`,
    p.values,
  );
  // A rollup's slots (UTC hours or days) count a bucket exactly when no bucket edge cuts one:
  // not Asia/Kolkata's hours or days, nor New York's days, whose edges are UTC's half or whole hours off.
  const starts = series.map((row) => date(row, "bucket").getTime());
  const cp = new ChParams();
  const tz = cp.add("tz", query.timezone);
  const key: ChKey = {
    names: ["bucket"],
    exprs: [chBucketStartMs(granularity, "e.timestamp", tz)],
    rollup: {
      columns: [],
      exprs: (slot) => [chBucketStartMs(granularity, slot, tz)],
      exact: (slotMs) => starts.every((start) => start % slotMs === 0),
    },
  };
  const counted = await events.all(await chFactsStatement(links, kindFilters(query), scope, key, cp), cp.values);
  const byStart = new Map<number, Row>();
  for (const row of counted) byStart.set(num(row, "bucket"), row);
  const out: TimeseriesRow[] = [];
  for (const row of series) {
    const start = date(row, "bucket");
    const counts = byStart.get(start.getTime());
    byStart.delete(start.getTime());
    out.push({
      start: toIso(start),
      ...(counts ? readMetrics(counts) : { clicks: 0, leads: 0, sales: 0, saleAmount: 0 }),
    });
  }
  // Events in a bucket the series does not have would be lost: the two dialects' edges disagree (a bug, never an answer).
  if (byStart.size > 0)
    throw new Error(
      `ClickHouse buckets off DuckDB's series in ${query.timezone} by ${granularity}: ${[...byStart.keys()]
        .slice(0, 3)
        .map((ms) => new Date(ms).toISOString())
        .join(", ")}`,
    );
  return out;
}

/** A breakdown by `key` (columns of the click): its top `limit` rows, named as the key's names and the metrics, ordered as on DuckDB. */
export async function chBreakdownRows(
  links: Db,
  events: ChDb,
  key: ChKey,
  query: FactsQuery,
  scope: ListScope,
  limit: number,
): Promise<Row[]> {
  const p = new ChParams();
  const facts = await chFactsStatement(links, kindFilters(query), scope, key, p);
  const order = [`${METRIC_COLUMN[ORDER_METRIC[query.event]]} DESC`, ...key.names].join(", ");
  // A key whose events were all taken out again is no row (as DuckDB's NONEMPTY).
  return events.all(
    `SELECT * FROM (\n${facts}\n) WHERE clicks + leads + sales > 0\nORDER BY ${order}\nLIMIT ${limit}`,
    p.values,
  );
}
