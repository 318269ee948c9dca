import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Granularity } from "../../contract/analytics";
import { seriesSql } from "../query/analyticsBuckets";
import type { Db } from "../query/db";
import { date, num } from "../query/rows";
import { SqlParams } from "../query/sqlParams";
import { chBucketStartMs } from "./analytics";
import { ChParams } from "./chParams";
import { openClickHouse, type ChDb } from "./clickhouseDb";
import { startTestClickHouse, type TestClickHouse } from "./testing/testEventStore";

/**
 * The timeseries buckets ClickHouse counts events into (analytics.ts) have DuckDB's edges
 * (query/analyticsBuckets.ts seriesSql), instant by instant, on the days clocks change: a
 * repeated hour, a skipped hour, a skipped midnight, half-hour zones and a half-hour shift.
 */

let clickhouse: TestClickHouse;
let ch: ReturnType<typeof openClickHouse>;
let instance: DuckDBInstance;
let conn: DuckDBConnection;
let duck: Db;

beforeAll(async () => {
  clickhouse = await startTestClickHouse();
  ch = openClickHouse(clickhouse.url);
  instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  conn = await instance.connect();
  duck = { all: async (sql, params) => (await conn.runAndReadAll(sql, params)).getRowObjectsJS() };
}, 60_000);

afterAll(async () => {
  conn?.closeSync();
  instance?.closeSync();
  await ch?.close();
  await clickhouse?.close();
});

const STEP_MINUTES: Record<Granularity, number> = { hour: 15, day: 15, week: 60, month: 360 };

/** Per instant of the window (one every STEP_MINUTES), its bucket's start on ClickHouse. */
async function clickHouseBuckets(
  db: ChDb,
  granularity: Granularity,
  timezone: string,
  from: Date,
  count: number,
): Promise<number[]> {
  const p = new ChParams();
  const start = chBucketStartMs(granularity, "e.timestamp", p.add("tz", timezone));
  const rows = await db.all(
    `SELECT ${start} AS bucket FROM (SELECT addMinutes(${p.timestamp("from", from)}, number * ${p.add("step", STEP_MINUTES[granularity])}) AS timestamp FROM numbers(${p.add("n", count)})) e ORDER BY e.timestamp`,
    p.values,
  );
  return rows.map((row) => num(row, "bucket"));
}

/** Per instant, the last start of DuckDB's series at or before it. */
async function duckDbBuckets(granularity: Granularity, timezone: string, from: Date, count: number): Promise<number[]> {
  const stepMs = STEP_MINUTES[granularity] * 60_000;
  const p = new SqlParams();
  const range = { start: from, end: new Date(from.getTime() + count * stepMs) };
  const starts = (await duck.all(seriesSql(range, granularity, p.add("tz", timezone), p), p.values))
    .map((row) => date(row, "bucket").getTime())
    .sort((a, b) => a - b);
  return Array.from({ length: count }, (_, i) => {
    const t = from.getTime() + i * stepMs;
    return starts.filter((s) => s <= t).at(-1) ?? Number.NaN;
  });
}

const CASES: [timezone: string, granularity: Granularity, from: string, days: number][] = [
  ["America/New_York", "hour", "2026-03-07T00:00:00Z", 3],
  ["America/New_York", "hour", "2026-10-31T00:00:00Z", 3],
  ["America/New_York", "day", "2026-10-30T00:00:00Z", 5],
  ["Europe/Berlin", "hour", "2026-03-28T00:00:00Z", 3],
  ["Europe/Berlin", "day", "2026-10-23T00:00:00Z", 5],
  ["Europe/Berlin", "week", "2026-03-01T00:00:00Z", 60],
  ["Asia/Kolkata", "hour", "2026-03-01T00:00:00Z", 2],
  ["Asia/Kolkata", "day", "2026-03-01T00:00:00Z", 4],
  ["America/Santiago", "day", "2026-09-04T00:00:00Z", 5],
  ["America/Santiago", "hour", "2026-04-04T00:00:00Z", 2],
  ["Australia/Lord_Howe", "day", "2026-04-03T00:00:00Z", 4],
  ["UTC", "month", "2025-12-01T00:00:00Z", 400],
  ["America/New_York", "month", "2025-12-01T00:00:00Z", 400],
];

describe("ClickHouse's bucket edges are DuckDB's", () => {
  it.each(CASES)("%s by %s from %s", async (timezone, granularity, fromText, days) => {
    const from = new Date(fromText);
    const count = (days * 24 * 60) / STEP_MINUTES[granularity];
    const [onClickHouse, onDuckDb] = await Promise.all([
      clickHouseBuckets(ch.db, granularity, timezone, from, count),
      duckDbBuckets(granularity, timezone, from, count),
    ]);
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(onClickHouse.map(iso)).toEqual(onDuckDb.map(iso));
  });
});
