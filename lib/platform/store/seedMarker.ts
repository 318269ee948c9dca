import { existsSync } from "node:fs";
import { timestampTZValue, type DuckDBConnection, type DuckDBInstance } from "@duckdb/node-api";
import { openInstance } from "./duckdbFile";

/**
 * The seed's completion marker: one row in `seed_info`, written after every other row, so a file
 * whose seed was interrupted has none. Its format says what the rows mean; a file written by an
 * older format is refused like an incomplete one (its figures would not reconcile).
 */

/**
 * 2: sales in USD cents with their paid currency in metadata, every customer with an external id, the marker itself.
 * 3: leads and sales carry their click's values (query/eventTables.ts CLICK_DIMENSIONS).
 * 4: a link's tags keep the order given (link_tags.position); partners keep a tenant id, a description and when
 *    they enrolled; a program has a website for partners' default links (workspaces.program_url).
 */
export const SEED_FORMAT = 4;

export interface SeedMarker {
  seed: number;
  clicks: number;
  days: number;
  /** The seed's "now", epoch ms. */
  now: number;
}

export async function writeSeedMarker(conn: DuckDBConnection, marker: SeedMarker): Promise<void> {
  await conn.run(
    `INSERT INTO seed_info (format, seed, clicks, days, seeded_now) VALUES ($format, $seed, $clicks, $days, $seeded_now)`,
    {
      format: SEED_FORMAT,
      seed: marker.seed,
      clicks: marker.clicks,
      days: marker.days,
      seeded_now: timestampTZValue(BigInt(marker.now) * 1000n),
    },
  );
}

/** Whether the file on `conn` is a complete seed of this format, and if not, why in a few words. */
export type SeedCheck = { complete: true } | { complete: false; why: string };

export async function checkSeed(conn: DuckDBConnection): Promise<SeedCheck> {
  const tables = await conn.runAndReadAll(
    `SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = 'seed_info'`,
  );
  if (Number(tables.getRowObjectsJS()[0]?.n ?? 0) === 0)
    return { complete: false, why: "it has no completion marker (written before markers existed, or not by the seed)" };
  const rows = (await conn.runAndReadAll(`SELECT format FROM seed_info`)).getRowObjectsJS();
  if (rows.length === 0)
    return { complete: false, why: "its seed never wrote the completion marker (it was interrupted)" };
  const format = Number(rows[0]?.format);
  if (format !== SEED_FORMAT)
    return {
      complete: false,
      why: `it was written by an older seed (format ${format}; this platform reads format ${SEED_FORMAT})`,
    };
  return { complete: true };
}

/** Whether the database file `file` is a complete seed of this format; a missing or unreadable file is not. */
export async function checkSeedFile(file: string): Promise<SeedCheck> {
  if (!existsSync(file)) return { complete: false, why: "it does not exist" };
  let instance: DuckDBInstance;
  try {
    instance = await openInstance(file, { readOnly: true });
  } catch (err) {
    return {
      complete: false,
      why: `it cannot be opened as a database (${err instanceof Error ? err.message.split("\n")[0] : String(err)})`,
    };
  }
  try {
    const conn = await instance.connect();
    try {
      return await checkSeed(conn);
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}
