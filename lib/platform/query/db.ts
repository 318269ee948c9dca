import type { DuckDBValue, JS } from "@duckdb/node-api";

/** A result row as DuckDB converts it to JavaScript, by column name. */
export type Row = Record<string, JS>;

/** The values of a statement's named parameters, by name without the `$`. */
export type SqlValues = Readonly<Record<string, DuckDBValue>>;

/** What the query layer needs from the store: reads with named parameters. */
export interface Db {
  /** `signal` stops the statement: it leaves the wait for a connection, or is interrupted while it runs. */
  all(sql: string, params: SqlValues, signal?: AbortSignal): Promise<Row[]>;
}

/** `db` with every statement bound to `signal`: a request's statements stop when the request does. */
export function boundTo(db: Db, signal: AbortSignal): Db {
  return { all: (sql, params, own) => db.all(sql, params, own ?? signal) };
}
