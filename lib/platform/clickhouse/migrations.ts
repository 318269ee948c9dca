import type { ChDb } from "./clickhouseDb";
import { rollupMigration } from "./rollups";

/**
 * The event store's schema on ClickHouse, as versioned migrations applied in order and recorded
 * in `schema_migrations` (a new one is appended, never edited). Laid out as the peers that run
 * their events on ClickHouse do (Plausible's events_v2, Umami's website_event, Dub's Tinybird
 * datasources): one MergeTree table per event kind, partitioned by month, ordered by workspace
 * and time (every read is one workspace's range), LowCardinality for the columns of few values,
 * DateTime64(3, 'UTC'). Click ids are random: a bloom-filter index finds a lead's click without
 * reading the workspace's every id. Columns mirror store/schema.sql; the click's columns are
 * copied onto its leads and sales as there. Version 2 adds the rollups (rollups.ts): summed
 * tables per UTC slot fed by materialized views on the event tables.
 */

const CLICK_COLUMNS = `
  url String,
  country LowCardinality(String),
  city String,
  region LowCardinality(String),
  continent LowCardinality(String),
  device LowCardinality(String),
  browser LowCardinality(String),
  os LowCardinality(String),
  trigger LowCardinality(String),
  referer String,
  referer_url String`;

const EVENT_TABLE_SETTINGS = `ENGINE = MergeTree
PARTITION BY toYYYYMM(timestamp)
ORDER BY (workspace_id, timestamp)`;

export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "event tables",
    statements: [
      `CREATE TABLE IF NOT EXISTS click_events (
  id String,
  workspace_id String,
  link_id String,
  timestamp DateTime64(3, 'UTC'),${CLICK_COLUMNS},
  ua Nullable(String),
  ip String,
  INDEX id_bloom id TYPE bloom_filter GRANULARITY 4
) ${EVENT_TABLE_SETTINGS}`,
      `CREATE TABLE IF NOT EXISTS lead_events (
  id String,
  workspace_id String,
  click_id String,
  link_id String,
  customer_id String,
  timestamp DateTime64(3, 'UTC'),
  event_name String,
  metadata Nullable(String),${CLICK_COLUMNS},
  INDEX customer_bloom customer_id TYPE bloom_filter GRANULARITY 4
) ${EVENT_TABLE_SETTINGS}`,
      `CREATE TABLE IF NOT EXISTS sale_events (
  id String,
  workspace_id String,
  click_id String,
  link_id String,
  customer_id String,
  timestamp DateTime64(3, 'UTC'),
  event_name String,
  amount Int64,
  currency LowCardinality(String),
  invoice_id Nullable(String),
  payment_processor LowCardinality(String),
  sale_type LowCardinality(String),
  metadata Nullable(String),${CLICK_COLUMNS},
  INDEX customer_bloom customer_id TYPE bloom_filter GRANULARITY 4
) ${EVENT_TABLE_SETTINGS}`,
    ],
  },
  {
    version: 2,
    name: "rollups",
    statements: rollupMigration(),
  },
];

/** The latest version: a store at another one is migrated (older) or refused (newer). */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies the migrations the store has not had yet, up to `target` (tests stop earlier); returns the versions applied. */
export async function migrate(db: ChDb, target = SCHEMA_VERSION): Promise<number[]> {
  await db.command(`CREATE TABLE IF NOT EXISTS schema_migrations (version UInt32, name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
ENGINE = MergeTree ORDER BY version`);
  const rows = await db.all("SELECT max(version) AS v FROM schema_migrations", {});
  const current = Number(rows[0]?.v ?? 0);
  if (current > SCHEMA_VERSION)
    throw new Error(
      `the ClickHouse event store is at schema version ${current}, newer than this platform's ${SCHEMA_VERSION}: upgrade Linklens`,
    );
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.version <= current || migration.version > target) continue;
    for (const statement of migration.statements) await db.command(statement);
    await db.command("INSERT INTO schema_migrations (version, name) VALUES ({version:UInt32}, {name:String})", {
      version: migration.version,
      name: migration.name,
    });
    applied.push(migration.version);
  }
  return applied;
}
