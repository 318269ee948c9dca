import { ROLLUP_LINK_DOMAINS } from "./analyticsRollup";
import { buildRollups, DERIVED_SCHEMA, rollupKeys } from "./analyticsRollupBuild";
import type { Row } from "./db";
import { planRollups, type RollupPlan, type StoredRollups } from "./rollupPlan";
import {
  EVENT_TOTALS_SQL,
  readStoredState,
  totalsOf,
  ROLLUP_DEFINITIONS,
  ROLLUP_STATE,
  rollupDefinition,
  rollupTableDefinitions,
  writeStateSql,
} from "./rollupState";
import { openStoredDerived, type DerivedSource } from "./storedDerived";

/**
 * Where the rollups live: in the file, in a schema of their own, written by the seed and kept by
 * the writer in the file's transactions (so they cost nothing to open, and their memory is
 * DuckDB's cache of the file, not a copy); checked when the file is opened (rollupState.ts), and
 * built again when they do not match its events, or only the tables whose definition this build
 * changed or added when they do (rollupPlan.ts). A file that cannot be written (opened read-only)
 * gets what it lacks built in memory for as long as it is open, as every file did before they
 * were stored.
 */
export const ROLLUP_SCHEMA = "linklens_rollups";

/** What a store's statements need here: `run` one on any connection (several side by side on a pool), `all` to read. */
export interface RollupDb {
  run(sql: string): Promise<void>;
  all(sql: string, params: Record<string, never>): Promise<Row[]>;
}

/** Where an opened file's rollups came from. */
export type RollupSource = DerivedSource;

/** ROLLUP_DEFINITIONS of `schema` written anew with this build's digests of the tables `names`. */
function definitionsSql(schema: string, names: readonly string[]): string[] {
  const digests = rollupTableDefinitions();
  // Names and digests are this build's own (identifiers and hex), never a request's text.
  const rows = names.map((name) => `('${name}', '${digests.get(name) ?? ""}')`);
  return [
    `CREATE OR REPLACE TABLE ${schema}.${ROLLUP_DEFINITIONS} (name VARCHAR, definition VARCHAR)`,
    ...(rows.length > 0 ? [`INSERT INTO ${schema}.${ROLLUP_DEFINITIONS} VALUES ${rows.join(", ")}`] : []),
  ];
}

/** Builds every rollup into `schema`, then their digests, then their state: rollups whose state is there are whole. Nothing may write events meanwhile. */
async function buildWithState(db: RollupDb, schema: string): Promise<void> {
  await db.run(`DROP TABLE IF EXISTS ${schema}.${ROLLUP_STATE}`);
  await buildRollups((sql) => db.run(sql), schema);
  for (const sql of definitionsSql(schema, [...rollupTableDefinitions().keys()])) await db.run(sql);
  await db.run(writeStateSql(schema, rollupDefinition()));
}

/** Builds the rollups named into `schema`, side by side on the pool. */
const buildSome = (db: RollupDb, schema: string, names: readonly string[]): Promise<void> =>
  buildRollups((sql) => db.run(sql), schema, new Set(names));

/**
 * (Re)writes the file's rollups from its events: the schema replaced (tables of an older
 * definition go with it), every rollup built, their digests and the state last, then a
 * checkpoint. The seed calls it after the events (DuckDB's aggregates and sorts spill beyond its
 * memory limit); the platform when a writable file's rollups do not hold its events.
 */
export async function storeRollups(db: RollupDb): Promise<void> {
  await db.run(`DROP SCHEMA IF EXISTS ${ROLLUP_SCHEMA} CASCADE`);
  await db.run(`CREATE SCHEMA ${ROLLUP_SCHEMA}`);
  await buildWithState(db, ROLLUP_SCHEMA);
  await db.run("CHECKPOINT");
}

/**
 * Builds into the file only the rollups `plan` names (their events are those the state holds)
 * and drops those no longer defined: the kept tables' digests written first, so a table built
 * here but not yet listed (an interrupted open) is built again at the next; the built ones'
 * digests after them; then the state's digest of all, which an older build compares.
 */
async function storeSomeRollups(
  db: RollupDb,
  plan: { build: readonly string[]; drop: readonly string[] },
): Promise<void> {
  const kept = [...rollupTableDefinitions().keys()].filter((name) => !plan.build.includes(name));
  for (const sql of definitionsSql(ROLLUP_SCHEMA, kept)) await db.run(sql);
  for (const name of [...plan.drop, ...plan.build]) await db.run(`DROP TABLE IF EXISTS ${ROLLUP_SCHEMA}.${name}`);
  await buildSome(db, ROLLUP_SCHEMA, plan.build);
  const [, insertBuilt] = definitionsSql(ROLLUP_SCHEMA, plan.build);
  if (insertBuilt) await db.run(insertBuilt);
  await db.run(`UPDATE ${ROLLUP_SCHEMA}.${ROLLUP_STATE} SET definition = '${rollupDefinition()}'`);
  await db.run("CHECKPOINT");
}

/**
 * A read-only open's rollups when the file holds only some: the others built into the attached
 * in-memory database, beside views of the file's that hold this build's definitions.
 */
async function buildSomeInMemory(db: RollupDb, build: readonly string[]): Promise<void> {
  const [row] = await db.all("SELECT current_database() AS name", {});
  const file = `"${String(row?.name).replaceAll('"', '""')}"`;
  const kept = rollupKeys()
    .map(([def]) => def)
    .filter((def) => !build.includes(def.name));
  // A kept rollup of a link's column reads the file's link domains; a built one writes its own.
  const linkDomains = kept.some((def) => def.linkColumn) ? [ROLLUP_LINK_DOMAINS] : [];
  for (const name of [...kept.map((def) => def.name), ...linkDomains])
    await db.run(`CREATE VIEW ${DERIVED_SCHEMA}.${name} AS SELECT * FROM ${file}.${ROLLUP_SCHEMA}.${name}`);
  await buildSome(db, DERIVED_SCHEMA, build);
}

/** What the file holds of its rollups: the state, the tables' digests, the tables. */
async function readStoredRollups(db: RollupDb): Promise<StoredRollups> {
  const state = await readStoredState(db, ROLLUP_SCHEMA, ROLLUP_STATE);
  const existing = (
    await db.all(
      `SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = '${ROLLUP_SCHEMA}'`,
      {},
    )
  ).map((row) => String(row.table_name));
  const tables = existing.includes(ROLLUP_DEFINITIONS)
    ? new Map(
        (await db.all(`SELECT name, definition FROM ${ROLLUP_SCHEMA}.${ROLLUP_DEFINITIONS}`, {})).map(
          (row) => [String(row.name), String(row.definition)] as const,
        ),
      )
    : null;
  // A link's domain now against the one its events were rolled up under (cheap: a row per link).
  const moved = existing.includes(ROLLUP_LINK_DOMAINS)
    ? await db.all(
        `SELECT count(*) AS n FROM links l JOIN ${ROLLUP_SCHEMA}.${ROLLUP_LINK_DOMAINS} m ON m.link_id = l.id WHERE l.domain <> m.domain`,
        {},
      )
    : [];
  const linkRollups = rollupKeys()
    .map(([def]) => def)
    .filter((def) => def.linkColumn)
    .map((def) => def.name);
  return { state, tables, existing, moved: Number(moved[0]?.n ?? 0) > 0 ? linkRollups : [] };
}

/** What an open does with the file's rollups (rollupPlan.ts): the events' figures compared with the state, each table's digest with this build's. */
export async function planStoredRollups(db: RollupDb): Promise<RollupPlan> {
  const stored = await readStoredRollups(db);
  const events = stored.state ? totalsOf(await db.all(EVENT_TOTALS_SQL, {})) : [];
  return planRollups(stored, events, rollupTableDefinitions(), rollupDefinition());
}

/**
 * The rollups of an opened store: the file's when they hold its events under this build's
 * definitions; else built again, only those that differ when the events match, into the file
 * when `writable` (once: later opens find them), or into the attached in-memory database. `log`
 * says why they were built.
 */
export async function openRollups(
  db: RollupDb,
  writable: boolean,
  log: (message: string) => void,
): Promise<{ schema: string; source: RollupSource }> {
  const plan = await planStoredRollups(db);
  return openStoredDerived(
    {
      schema: ROLLUP_SCHEMA,
      check: () => Promise.resolve(plan.action === "keep" ? { current: true } : { current: false, why: plan.why }),
      store: () => (plan.action === "some" ? storeSomeRollups(db, plan) : storeRollups(db)),
      async buildInMemory() {
        if (plan.action === "some") await buildSomeInMemory(db, plan.build);
        else await buildWithState(db, DERIVED_SCHEMA);
        // Writes the tables out compressed: the in-memory database shrinks from ~55 MB to ~5 MB on 1M clicks.
        await db.run(`CHECKPOINT ${DERIVED_SCHEMA}`);
        return DERIVED_SCHEMA;
      },
    },
    writable,
    log,
  );
}
