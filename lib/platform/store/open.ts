import { readFile } from "node:fs/promises";
import { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";

export interface Store {
  readonly instance: DuckDBInstance;
  readonly conn: DuckDBConnection;
  close(): void;
}

export interface OpenStoreOptions {
  readOnly?: boolean;
}

/** Opens (or creates) a DuckDB file with one connection whose session time zone is UTC. */
export async function openStore(file: string, opts: OpenStoreOptions = {}): Promise<Store> {
  const options: Record<string, string> = opts.readOnly ? { access_mode: "READ_ONLY" } : {};
  const instance = await DuckDBInstance.create(file, options);
  const conn = await instance.connect();
  // The default session zone is the host's; timestamp rendering and date_trunc must not depend on it.
  await conn.run(`SET TimeZone = 'UTC'`);
  let closed = false;
  return {
    instance,
    conn,
    close() {
      if (closed) return;
      closed = true;
      conn.closeSync();
      instance.closeSync();
    },
  };
}

export async function readSchemaSql(): Promise<string> {
  return readFile(new URL("./schema.sql", import.meta.url), "utf8");
}

/** Runs schema.sql (CREATE TABLE statements) on the connection. */
export async function createSchema(conn: DuckDBConnection): Promise<void> {
  await conn.run(await readSchemaSql());
}
