import type { DuckDBConnection } from "@duckdb/node-api";
import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { EVENT_TABLE } from "../query/eventTables";
import type { ChDb } from "./clickhouseDb";

/**
 * Copies a DuckDB store's events into the ClickHouse event store, kind by kind, in batches of
 * BATCH_ROWS (each one INSERT, JSONEachRow): what `npm run copy-events` and the seed's
 * `--store clickhouse` run. The columns are the same on both sides (store/schema.sql,
 * migrations.ts); times go as UTC text with their milliseconds.
 */

const BATCH_ROWS = 50_000;

const UTC_TEXT = "strftime(timezone('UTC', timestamp), '%Y-%m-%d %H:%M:%S.%g')";

/** Per kind, the columns DuckDB hands over in a form JSON carries exactly. */
const REPLACE: Record<EventKind, string> = {
  clicks: `${UTC_TEXT} AS timestamp`,
  leads: `${UTC_TEXT} AS timestamp, metadata::VARCHAR AS metadata`,
  // Cents fit a double exactly (below 2^53), which JSON carries; DuckDB's BIGINT would come as bigint.
  sales: `${UTC_TEXT} AS timestamp, metadata::VARCHAR AS metadata, amount::DOUBLE AS amount`,
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

export async function copyEvents(conn: DuckDBConnection, events: ChDb, onBatch: (kind: EventKind, rows: number) => void = () => {}): Promise<CopyCounts> {
  const counts = { clicks: 0, leads: 0, sales: 0 };
  for (const kind of EVENT_KINDS) {
    const result = await conn.stream(`SELECT * REPLACE (${REPLACE[kind]}) FROM ${EVENT_TABLE[kind]} ORDER BY workspace_id, timestamp`);
    const names = result.columnNames();
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      await events.insert(EVENT_TABLE[kind], batch);
      counts[kind] += batch.length;
      onBatch(kind, batch.length);
      batch = [];
    };
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      batch.push(...chunk.getRowObjects(names));
      if (batch.length >= BATCH_ROWS) await flush();
    }
    if (batch.length > 0) await flush();
  }
  return counts;
}

/** Empties the ClickHouse store's event tables (a copy with --replace). */
export async function truncateEvents(events: ChDb): Promise<void> {
  for (const kind of EVENT_KINDS) await events.command(`TRUNCATE TABLE IF EXISTS ${EVENT_TABLE[kind]}`);
}
