import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { migrateAuthTables } from "../../auth/authSchema";
import { openDatabase, type Database } from "../openDatabase";
import { pgliteCopy } from "./pgliteCopy";
import { freshDatabase } from "./postgresServer";

/** Both backends of the dashboard's database, each opened fresh and migrated as on start. */
export const BACKENDS: { name: "pglite" | "postgres"; open(): Promise<Database> }[] = [
  { name: "pglite", open: () => openMigrated({ dataDir: pgliteCopy() }) },
  {
    name: "postgres",
    open: async () =>
      openMigrated({ url: await freshDatabase(inject("postgresUrl"), `t_${randomBytes(6).toString("hex")}`) }),
  },
];

async function openMigrated(location: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(location);
  await migrateAuthTables(database.dialect);
  return database;
}
