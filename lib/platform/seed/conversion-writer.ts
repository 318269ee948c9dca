/**
 * Writes lead and sale events, whose click is known by its generation index until here: they are
 * staged in a temporary copy of their table with that index as click_id (and `seq`, the order
 * they were generated in), then go into the table with the click's id made from it, as
 * click-writer.ts made it, and the click's values copied from its row (schema.sql): a conversion
 * without its click fails the columns' NOT NULL instead of being lost. Ordered by workspace, then
 * time, then generation: zone maps skip the other workspaces' row groups, as on the clicks.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { clickIdSql } from "./click-strings";
import { RowAppender, type Column, type TableSpec } from "./writer";

/** Every column of a conversion table: the spec's, then the click's copied values. */
export const conversionColumns = <T>(spec: TableSpec<T>): string[] => [
  ...spec.columns.map((c) => c.name),
  ...CLICK_DIMENSIONS,
];

/** A conversion as staged: the row, its generation order, and what else the seed reads back. */
export interface Staged<T> {
  readonly row: T;
  readonly seq: number;
}

export const stageName = <T>(spec: TableSpec<T>) => `seed_${spec.table}`;

/**
 * Creates the stage of `spec`'s table: its columns (click_id the generation index), then `seq`,
 * then `extra` (text, integer or timestamp columns the seed reads back); returns its appender.
 */
export async function openConversionStage<T>(
  conn: DuckDBConnection,
  spec: TableSpec<T>,
  extra: readonly Column<Staged<T>>[] = [],
): Promise<RowAppender<Staged<T>>> {
  const sqlType = { text: "VARCHAR", int: "BIGINT", ts: "TIMESTAMPTZ", bool: "BOOLEAN", list: "VARCHAR[]" } as const;
  const extraSql = extra.map((c) => `, NULL::${sqlType[c.kind]} AS ${c.name}`).join("");
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${stageName(spec)} AS SELECT * EXCLUDE (${CLICK_DIMENSIONS.join(", ")}) REPLACE (0::BIGINT AS click_id), 0::BIGINT AS seq${extraSql} FROM ${spec.table} LIMIT 0`,
  );
  const columns: Column<Staged<T>>[] = [
    ...spec.columns.map((c) => ({ ...c, get: (s: Staged<T>, i: number) => c.get(s.row, i) }) as Column<Staged<T>>),
    { name: "seq", kind: "int", get: (s) => s.seq },
    ...extra,
  ];
  return RowAppender.open(conn, { table: stageName(spec), columns }, true);
}

/**
 * The stage of `spec`'s table into the table; the stage is kept (the seed may read it again).
 * The click's values come from `clicks`, a table with the click's id in `id` and the values under
 * their own names: click_events, or for sales the leads (each lead is a click's only one, and its
 * sales' click is its own), far fewer rows to scan.
 */
export async function writeConversions<T>(
  conn: DuckDBConnection,
  seed: number,
  spec: TableSpec<T>,
  clicks = "click_events",
): Promise<void> {
  await conn.run(
    `INSERT INTO ${spec.table} (${conversionColumns(spec).join(", ")})
    SELECT ${spec.columns.map((c) => (c.name === "click_id" ? "c.id" : `s.${c.name}`)).join(", ")},
           ${CLICK_DIMENSIONS.map((column) => `c.${column}`).join(", ")}
    FROM ${stageName(spec)} s LEFT JOIN ${clicks} c ON c.id = ${clickIdSql("s.click_id")}
    ORDER BY s.workspace_id, s.timestamp, s.seq`,
    { seed: String(seed) },
  );
}
