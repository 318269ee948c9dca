import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migrateAuthTables } from "../../auth/authSchema";
import { openDatabase } from "../openDatabase";
import { startPostgres } from "./postgresServer";

declare module "vitest" {
  export interface ProvidedContext {
    /** A private PostgreSQL server on loopback: the store's tests run on it as well as on PGlite. */
    postgresUrl: string;
    /** A migrated PGlite data directory to copy (opening a copy takes a fraction of a fresh initdb). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "linklens-pglite-"));
  const template = join(dir, "template");
  const database = await openDatabase({ dataDir: template });
  await migrateAuthTables(database.dialect);
  await database.close();
  const postgres = await startPostgres();
  project.provide("postgresUrl", postgres.url);
  project.provide("pgliteTemplate", template);
  return async () => {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
