/**
 * Writes lead and sale events, whose click is known by its generation index until here: they go
 * into a temporary copy of their table with that index as click_id, then into the table with the
 * click's id made from it, as click-writer.ts made it.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { clickIdSql } from "./click-strings";
import { appendRows, type TableSpec } from "./writer";

export async function writeConversions<T>(conn: DuckDBConnection, seed: number, spec: TableSpec<T>, rows: readonly T[]): Promise<void> {
  const stage = `seed_${spec.table}`;
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${stage} AS SELECT * REPLACE (0::BIGINT AS click_id) FROM ${spec.table} LIMIT 0`);
  await appendRows(conn, { ...spec, table: stage }, rows, true);
  await conn.run(`INSERT INTO ${spec.table} SELECT * REPLACE (${clickIdSql("click_id")} AS click_id) FROM ${stage} ORDER BY rowid`, {
    seed: String(seed),
  });
  await conn.run(`DROP TABLE ${stage}`);
}
