import type { DuckDBConnection } from "@duckdb/node-api";
import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { EVENT_TABLE } from "../query/eventTables";
import type { ChDb } from "./clickhouseDb";
import { ROLLUP_TABLES } from "./rollups";

/**
 * Copies a DuckDB store's events into the ClickHouse event store, kind by kind, in batches of
 * BATCH_ROWS (each one INSERT, JSONEachRow): what `npm run copy-events` and the seed's
 * `--store clickhouse` run. The columns are the same on both sides (store/schema.sql,
 * migrations.ts); times go as UTC text with their milliseconds.
 */

const BATCH_ROWS = 50_000;

const UTC_TEXT = "strftime(timezone('UTC', timestamp), '%Y-%m-%d %H:%M:%S.%g')";

/** Per kind, the columns DuckDB writes otherwise than JSON would: times as ClickHouse's UTC text, metadata as the text it is. */
const REPLACE: Record<EventKind, string> = {
  clicks: `${UTC_TEXT} AS timestamp`,
  leads: `${UTC_TEXT} AS timestamp, metadata::VARCHAR AS metadata`,
  sales: `${UTC_TEXT} AS timestamp, metadata::VARCHAR AS metadata`,
};

export type CopyCounts = Record<EventKind, number>;

/** The events already in the ClickHouse store, per kind. */
export async function countEvents(events: ChDb): Promise<CopyCounts> {
  const counts = { clicks: 0, leads: 0, sales: 0 };
  for (const kind of EVENT_KINDS) {
    const [row] = await events.all(`SELECT count() AS n FROM ${EVENT_TABLE[kind]}`, {});
    counts[kind] = Number(row?.n ?? 0);
  }
  return counts;
}

export async function copyEvents(
  conn: DuckDBConnection,
  events: ChDb,
  onBatch: (kind: EventKind, rows: number) => void = () => {},
): Promise<CopyCounts> {
  const counts = { clicks: 0, leads: 0, sales: 0 };
  for (const kind of EVENT_KINDS) {
    // DuckDB writes each row as a JSON line itself: building an object per row in JavaScript costs three times as much.
    const result = await conn.stream(
      `SELECT to_json(t)::VARCHAR AS line FROM (SELECT * REPLACE (${REPLACE[kind]}) FROM ${EVENT_TABLE[kind]} ORDER BY workspace_id, timestamp) t`,
    );
    let batch: string[] = [];
    let rows = 0;
    const flush = async () => {
      await events.insertJsonLines(EVENT_TABLE[kind], batch.join("\n"));
      counts[kind] += rows;
      onBatch(kind, rows);
      batch = [];
      rows = 0;
    };
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      batch.push((chunk.getColumnValues(0) as string[]).join("\n"));
      rows += chunk.rowCount;
      if (rows >= BATCH_ROWS) await flush();
    }
    if (rows > 0) await flush();
  }
  return counts;
}

/** Empties the ClickHouse store's event tables and their rollups, which a TRUNCATE of the events does not reach (a copy with --replace). */
export async function truncateEvents(events: ChDb): Promise<void> {
  for (const kind of EVENT_KINDS) await events.command(`TRUNCATE TABLE IF EXISTS ${EVENT_TABLE[kind]}`);
  for (const table of ROLLUP_TABLES) await events.command(`TRUNCATE TABLE IF EXISTS ${table}`);
}
