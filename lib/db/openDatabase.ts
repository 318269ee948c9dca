import "server-only";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, type Dialect } from "kysely";
import { Pool } from "pg";
import { migrate } from "./migrations";
import { pglitePool } from "./pglitePool";
import type { Tables } from "./schema";

export interface Database {
  db: Kysely<Tables>;
  /** The same connection for better-auth's own tables (../auth). */
  dialect: Dialect;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

/**
 * The dashboard's own database, migrated: a Postgres server when `url` is given (what replicas
 * share), else embedded PGlite in `dataDir` (or in memory, for tests). One code path for both:
 * Kysely's Postgres dialect, over a pg pool or over PGlite (./pglitePool.ts).
 */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  let dialect: Dialect;
  let kind: Database["kind"];
  if ("url" in location) {
    dialect = new PostgresDialect({ pool: new Pool({ connectionString: location.url, max: 10 }) });
    kind = "postgres";
  } else {
    if ("dataDir" in location) mkdirSync(location.dataDir, { recursive: true });
    const pglite = await PGlite.create("dataDir" in location ? { dataDir: location.dataDir } : {});
    dialect = new PostgresDialect({ pool: pglitePool(pglite) });
    kind = "pglite";
  }
  const db = new Kysely<Tables>({ dialect });
  try {
    await migrate(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
  return { db, dialect, kind, close: () => db.destroy() };
}

/** Where the environment puts the database: DATABASE_URL, else DASHBOARD_DATA (default `data/dashboard`). */
export function databaseLocation(env: Readonly<Record<string, string | undefined>>): DatabaseLocation {
  const url = env.DATABASE_URL?.trim();
  if (url) return { url };
  return { dataDir: env.DASHBOARD_DATA?.trim() || "data/dashboard" };
}
