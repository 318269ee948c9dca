import type { DuckDBConnection, DuckDBValue } from "@duckdb/node-api";
import type { Row, SqlValues } from "../query/db";

/** One connection of the writer: statements with named parameters, run one after another. */
export interface WriteConn {
  run(sql: string, values?: SqlValues): Promise<void>;
  all(sql: string, values?: SqlValues): Promise<Row[]>;
}

export function writeConn(conn: DuckDBConnection): WriteConn {
  const bind = (values: SqlValues): Record<string, DuckDBValue> => ({ ...values });
  return {
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
