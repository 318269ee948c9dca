import "server-only";
import { getMigrations } from "better-auth/db/migration";
import type { Dialect } from "kysely";
import { authOptions } from "./createAuth";

/**
 * better-auth's own tables (user, session, account, verification, rate limits), created or
 * completed by better-auth's migrator on start, before the dashboard's (../db/migrations.ts).
 * The same tables whether or not sign-in is configured yet, so turning it on later needs nothing.
 */
export async function migrateAuthTables(dialect: Dialect): Promise<void> {
  const options = authOptions(dialect, { publicUrl: "http://127.0.0.1", oidc: null });
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
}
