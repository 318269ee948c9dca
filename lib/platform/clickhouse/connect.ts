import { migrate } from "./migrations";
import { openClickHouse, type ChDb } from "./clickhouseDb";

/**
 * Where the event store is: `--clickhouse-url` or `CLICKHOUSE_URL` (`http(s)://host:8123/<database>`),
 * the password in `CLICKHOUSE_PASSWORD` or in CLICKHOUSE_URL (the environment, never argv,
 * where `ps` shows it to every local user).
 */
export function clickHouseUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = flag ?? env.CLICKHOUSE_URL;
  if (!raw)
    throw new Error(
      "the ClickHouse store needs CLICKHOUSE_URL=http://host:8123/<db> (or --clickhouse-url where the command takes it)",
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`the ClickHouse URL is not a URL: "${flag ?? "(CLICKHOUSE_URL)"}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error("the ClickHouse URL must be http:// or https://");
  if (flag !== undefined && url.password)
    throw new Error(
      "put the ClickHouse password in CLICKHOUSE_PASSWORD, not on the command line (ps shows it to every local user)",
    );
  if (env.CLICKHOUSE_PASSWORD && !url.password) url.password = encodeURIComponent(env.CLICKHOUSE_PASSWORD);
  return url.toString();
}

export interface EventStore {
  db: ChDb;
  close(): Promise<void>;
}

/** The database the URL's path names (`default` when empty), checked to be a plain name (it is written into DDL). */
export function databaseOf(url: string): string {
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\/+/, "")) || "default";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database))
    throw new Error(`the ClickHouse URL's path names the database: letters, digits and _ only, got "${database}"`);
  return database;
}

/** The URL's database made when the server lacks it (a first start on a new server): through the server's `default`. */
async function createDatabase(url: string, database: string): Promise<void> {
  const server = new URL(url);
  server.pathname = "/default";
  const admin = openClickHouse(server.toString());
  try {
    await admin.db.command(`CREATE DATABASE IF NOT EXISTS ${database}`);
  } finally {
    await admin.close();
  }
}

/** Connects, checks the server answers, makes the URL's database if missing, and brings its schema to this version (migrations.ts). */
export async function openEventStore(url: string): Promise<EventStore> {
  const database = databaseOf(url);
  const ch = openClickHouse(url);
  try {
    const ping = await ch.client.ping();
    if (!ping.success) throw new Error(`ClickHouse at ${new URL(url).host} does not answer: ${ping.error.message}`);
    if (database !== "default") await createDatabase(url, database);
    await migrate(ch.db);
  } catch (err) {
    await ch.close();
    throw err;
  }
  return { db: ch.db, close: ch.close };
}
