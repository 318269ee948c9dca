import type { DuckDBConnection, DuckDBPreparedStatement, DuckDBValue } from "@duckdb/node-api";
import type { Row, SqlValues } from "../query/db";

/** One connection of the writer: statements with named parameters, run one after another. */
export interface WriteConn {
  run(sql: string, values?: SqlValues): Promise<void>;
  all(sql: string, values?: SqlValues): Promise<Row[]>;
  /**
   * A write the writer sends again and again (a batch's inserts, the rollups' deltas): prepared
   * once, then only bound and run. Not for reads that decide: a prepared plan keeps the
   * statistics of when it was prepared.
   */
  runPrepared(sql: string, values?: SqlValues): Promise<void>;
  /**
   * A read sent with every batch (tracking's facts), prepared once like runPrepared: one round trip
   * to DuckDB instead of three (extract, prepare, run). Only for plans that stay right as the
   * tables grow: filtered scans, not joins whose order the statistics decide.
   */
  allPrepared(sql: string, values?: SqlValues): Promise<Row[]>;
  /**
   * Rows appended to `table` (of `catalog`, an attached database, or the file's) through DuckDB's
   * appender, inside the connection's open transaction: each row's values in the table's column
   * order. Many rows cost far less than binding them as parameters. `schema`: the table's, when not `main`.
   */
  append(table: string, catalog: string | null, rows: readonly AppendRow[], schema?: string | null): Promise<void>;
}

/** An appended row's values, in its table's column order. */
export type AppendRow = readonly DuckDBValue[];

export function writeConn(conn: DuckDBConnection): WriteConn {
  const bind = (values: SqlValues): Record<string, DuckDBValue> => ({ ...values });
  const prepared = new Map<string, Promise<DuckDBPreparedStatement>>();
  const preparedOf = async (sql: string, values: SqlValues): Promise<DuckDBPreparedStatement> => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = conn.prepare(sql);
      prepared.set(sql, statement);
      statement.catch(() => prepared.delete(sql));
    }
    const ready = await statement;
    if (Object.keys(values).length > 0) ready.bind(bind(values));
    return ready;
  };
  return {
    async runPrepared(sql, values = {}) {
      await (await preparedOf(sql, values)).run();
    },
    async allPrepared(sql, values = {}) {
      return (await (await preparedOf(sql, values)).runAndReadAll()).getRowObjectsJS();
    },
    async run(sql, values = {}) {
      // Without parameters, one round trip to DuckDB (its query call); with them, three (extract, prepare, run).
      if (Object.keys(values).length === 0) await conn.run(sql);
      else await conn.run(sql, bind(values));
    },
    async append(table, catalog, rows, schema = null) {
      const appender = await conn.createAppender(table, schema, catalog);
      try {
        if (rows.length > 0 && appender.columnCount !== rows[0].length)
          throw new Error(`${table} has ${appender.columnCount} columns, the rows ${rows[0].length}`);
        for (const row of rows) {
          for (const value of row) {
            if (value === null) appender.appendNull();
            else if (typeof value === "string") appender.appendVarchar(value);
            else appender.appendValue(value);
          }
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
    async all(sql, values = {}) {
      const reader =
        Object.keys(values).length === 0 ? await conn.runAndReadAll(sql) : await conn.runAndReadAll(sql, bind(values));
      return reader.getRowObjectsJS();
    },
  };
}

/** `work` inside one transaction of `conn`: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(conn: WriteConn, work: () => Promise<T>): Promise<T> {
  await conn.run("BEGIN TRANSACTION");
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await conn.run("ROLLBACK");
    throw err;
  }
  await conn.run("COMMIT");
  return result;
}
