import { readFile } from "node:fs/promises";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";

/** A DuckDB database file opened with one connection, for the seed and for tests that read it directly. */
export interface DuckDbFile {
  readonly instance: DuckDBInstance;
  readonly conn: DuckDBConnection;
  close(): void;
}

export interface DuckDbFileOptions {
  readOnly?: boolean;
  threads?: number;
}

/** The DuckDB instance of a file (created if missing, unless read-only). */
export async function openInstance(file: string, opts: DuckDbFileOptions = {}): Promise<DuckDBInstance> {
  const options: Record<string, string> = {};
  if (opts.readOnly) options.access_mode = "READ_ONLY";
  if (opts.threads) options.threads = String(opts.threads);
  return DuckDBInstance.create(file, options);
}

/** Sets a connection's session time zone to UTC: the default is the host's, and timestamp rendering and date_trunc must not depend on it. */
export async function useUtc(conn: DuckDBConnection): Promise<void> {
  await conn.run(`SET TimeZone = 'UTC'`);
}

/** Opens (or creates) a DuckDB file with one connection whose session time zone is UTC. */
export async function openDuckDbFile(file: string, opts: DuckDbFileOptions = {}): Promise<DuckDbFile> {
  const instance = await openInstance(file, opts);
  const conn = await instance.connect();
  await useUtc(conn);
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
