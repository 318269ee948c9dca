/**
 * Writes lead and sale events, whose click is known by its generation index until here: they go
 * into a temporary copy of their table with that index as click_id, then into the table with the
 * click's id made from it, as click-writer.ts made it, and the click's values copied from its row
 * (schema.sql): a conversion without its click fails the columns' NOT NULL instead of being lost.
 * Ordered by workspace, then time (the rows come in time order), as the clicks are: zone maps
 * skip the other workspaces' row groups.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { clickIdSql } from "./click-strings";
import { appendRows, type TableSpec } from "./writer";

/** Every column of a conversion table: the spec's, then the click's copied values. */
export const conversionColumns = <T>(spec: TableSpec<T>): string[] => [
  ...spec.columns.map((c) => c.name),
  ...CLICK_DIMENSIONS,
];

export async function writeConversions<T>(
  conn: DuckDBConnection,
  seed: number,
  spec: TableSpec<T>,
  rows: readonly T[],
): Promise<void> {
  const stage = `seed_${spec.table}`;
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${stage} AS SELECT * EXCLUDE (${CLICK_DIMENSIONS.join(", ")}) REPLACE (0::BIGINT AS click_id) FROM ${spec.table} LIMIT 0`,
  );
  await appendRows(conn, { ...spec, table: stage }, rows, true);
  await conn.run(
    `INSERT INTO ${spec.table} (${conversionColumns(spec).join(", ")})
    SELECT s.* REPLACE (c.id AS click_id), ${CLICK_DIMENSIONS.map((column) => `c.${column}`).join(", ")}
    FROM ${stage} s LEFT JOIN click_events c ON c.id = ${clickIdSql("s.click_id")}
    ORDER BY s.workspace_id, s.rowid`,
    { seed: String(seed) },
  );
  await conn.run(`DROP TABLE ${stage}`);
}
