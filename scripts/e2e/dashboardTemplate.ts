/**
 * Writes a migrated dashboard database (PGlite, the dashboard's tables and sign-in's) into the
 * directory given, for the end-to-end journeys' dashboards to start from a copy: a fresh PGlite
 * runs initdb, most of a dashboard's start. npm start makes a first start's database with it too
 * (scripts/start.mjs), beside the build. Run with the server condition (the modules are server-only):
 *   node --conditions=react-server --import tsx scripts/e2e/dashboardTemplate.ts <dir>
 */
import { migrateAuthTables } from "../../lib/auth/authSchema";
import { openDatabase } from "../../lib/db/openDatabase";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: scripts/e2e/dashboardTemplate.ts <dir>");
  process.exit(2);
}
const database = await openDatabase({ dataDir: dir });
await migrateAuthTables(database.dialect);
await database.close();
