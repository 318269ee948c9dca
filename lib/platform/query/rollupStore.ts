import { buildRollups, DERIVED_SCHEMA } from "./analyticsRollupBuild";
import type { Row } from "./db";
import {
  checkState,
  EVENT_TOTALS_SQL,
  readStoredState,
  totalsOf,
  ROLLUP_STATE,
  rollupDefinition,
  writeStateSql,
  type StateCheck,
} from "./rollupState";
import { openStoredDerived, type DerivedSource } from "./storedDerived";

/**
 * Where the rollups live: in the file, in a schema of their own, written by the seed and kept by
 * the writer in the file's transactions (so they cost nothing to open, and their memory is
 * DuckDB's cache of the file, not a copy); checked when the file is opened (rollupState.ts), and
 * built again when they do not match its events. A file that cannot be written (opened read-only)
 * and holds none that match gets them built in memory for as long as it is open, as every file
 * did before they were stored.
 */
export const ROLLUP_SCHEMA = "linklens_rollups";

/** What a store's statements need here: `run` one on any connection (several side by side on a pool), `all` to read. */
export interface RollupDb {
  run(sql: string): Promise<void>;
  all(sql: string, params: Record<string, never>): Promise<Row[]>;
}

/** Where an opened file's rollups came from. */
export type RollupSource = DerivedSource;

/** Builds the rollups into `schema` and their state last: rollups whose state is there are whole. Nothing may write events meanwhile. */
async function buildWithState(db: RollupDb, schema: string): Promise<void> {
  await db.run(`DROP TABLE IF EXISTS ${schema}.${ROLLUP_STATE}`);
  await buildRollups((sql) => db.run(sql), schema);
  await db.run(writeStateSql(schema, rollupDefinition()));
}

/**
 * (Re)writes the file's rollups from its events: the schema replaced (tables of an older
 * definition go with it), every rollup built, the state last, then a checkpoint. The seed calls
 * it after the events (DuckDB's aggregates and sorts spill beyond its memory limit); the platform
 * when a writable file's rollups do not match.
 */
export async function storeRollups(db: RollupDb): Promise<void> {
  await db.run(`DROP SCHEMA IF EXISTS ${ROLLUP_SCHEMA} CASCADE`);
  await db.run(`CREATE SCHEMA ${ROLLUP_SCHEMA}`);
  await buildWithState(db, ROLLUP_SCHEMA);
  await db.run("CHECKPOINT");
}

/** Whether the file's stored rollups hold exactly its events, under this build's definition. */
export async function checkStoredRollups(db: RollupDb): Promise<StateCheck> {
  const stored = await readStoredState(db, ROLLUP_SCHEMA, ROLLUP_STATE);
  return checkState(stored, rollupDefinition(), totalsOf(await db.all(EVENT_TOTALS_SQL, {})));
}

/**
 * The rollups of an opened store: the file's when they match its events; else built again into
 * the file when `writable` (once: later opens find them), or into the attached in-memory database.
 * `log` says why they were built.
 */
export function openRollups(
  db: RollupDb,
  writable: boolean,
  log: (message: string) => void,
): Promise<{ schema: string; source: RollupSource }> {
  return openStoredDerived(
    {
      schema: ROLLUP_SCHEMA,
      check: () => checkStoredRollups(db),
      store: () => storeRollups(db),
      async buildInMemory() {
        await buildWithState(db, DERIVED_SCHEMA);
        // Writes the tables out compressed: the in-memory database shrinks from ~55 MB to ~5 MB on 1M clicks.
        await db.run(`CHECKPOINT ${DERIVED_SCHEMA}`);
        return DERIVED_SCHEMA;
      },
    },
    writable,
    log,
  );
}
