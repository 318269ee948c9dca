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
}

export function writeConn(conn: DuckDBConnection): WriteConn {
  const bind = (values: SqlValues): Record<string, DuckDBValue> => ({ ...values });
  const prepared = new Map<string, Promise<DuckDBPreparedStatement>>();
  return {
    async runPrepared(sql, values = {}) {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = conn.prepare(sql);
        prepared.set(sql, statement);
        statement.catch(() => prepared.delete(sql));
      }
      const ready = await statement;
      if (Object.keys(values).length > 0) ready.bind(bind(values));
      await ready.run();
    },
    async run(sql, values = {}) {
      await conn.run(sql, bind(values));
    },
    async all(sql, values = {}) {
      return (await conn.runAndReadAll(sql, bind(values))).getRowObjectsJS();
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
