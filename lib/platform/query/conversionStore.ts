import { createHash } from "node:crypto";
import type { EventKind } from "../../contract/dimensions";
import { conversionClicksBuildSql, createConversionClicks } from "./conversionClicks";
import { EVENT_TABLE } from "./eventTables";
import type { RollupDb } from "./rollupStore";
import { checkState, readStoredState, totalsOf, type CheckedNames, type StateCheck } from "./rollupState";
import { openStoredDerived, type DerivedSource } from "./storedDerived";

/**
 * Where the conversion clicks live (conversionClicks.ts): in the file, in a schema of their own,
 * written by the seed and kept by the writer in the same transaction as the lead or sale that
 * makes a click one (so they cost nothing to open, and their memory is DuckDB's cache of the
 * file, not a copy). Beside them, `conversion_state` says what they were made from: a digest of
 * the statement that builds them, and per conversion kind the number of events and the sum of
 * their timestamps (epoch microseconds). When the file is opened the leads' and sales' own
 * figures (a count and a sum of one column of two small tables) are compared with it; when they
 * differ (a file seeded before they were kept, another version's, leads or sales written or
 * deleted without them) the conversion clicks are built again: into the file when it can be
 * written (once), in memory for as long as it is open when read-only, as every file did before.
 * The rollups' state (rollupState.ts) works the same way; the two are kept apart so that either
 * can be built again alone.
 */
export const CONVERSION_SCHEMA = "linklens_conversions";

export const CONVERSION_STATE = "conversion_state";

/** Where an opened file's conversion clicks came from. */
export type ConversionSource = DerivedSource;

/** Changes the statements do not show (what the writer keeps, what the state's figures mean); raise it with them. */
const CONVERSION_FORMAT = 1;

/** How the state's check names them. */
const CONVERSION_NAMES: CheckedNames = { what: "conversion clicks", held: "counted" };

/** The kinds whose events make a click a conversion click. */
const CONVERSION_KINDS = ["leads", "sales"] as const satisfies readonly EventKind[];

/** A digest of what makes the conversion clicks what they are: a build whose table differs stores and expects another. */
export function conversionDefinition(): string {
  return createHash("sha256")
    .update(`${CONVERSION_FORMAT}\n${conversionClicksBuildSql("s")}`)
    .digest("hex")
    .slice(0, 16);
}

/** The leads' and sales' figures now: `kind, events, time_sum`. */
const CONVERSION_TOTALS_SQL = CONVERSION_KINDS.map(
  (kind) =>
    `SELECT '${kind}' AS kind, count(*)::BIGINT AS events, coalesce(sum(epoch_us(timestamp)), 0)::HUGEINT AS time_sum FROM ${EVENT_TABLE[kind]}`,
).join("\nUNION ALL\n");

/** The state of conversion clicks just made exact in `schema`, from the leads and sales as they are now (in the same transaction, or with nothing writing). */
export const conversionStateSql = (schema: string, definition = conversionDefinition()): string =>
  `CREATE OR REPLACE TABLE ${schema}.${CONVERSION_STATE} AS SELECT '${definition}' AS definition, kind, events, time_sum FROM (${CONVERSION_TOTALS_SQL})`;

/**
 * The state's change for leads and sales written beside their clicks, in their transaction:
 * `$leads`/`$sales` events added, their timestamps summing to `$lead_us`/`$sale_us` (epoch µs,
 * as text: HUGEINT). Not prepared, like every statement on the file's tables the writer sends
 * with another batch's values (DuckDB 1.5.6 wrote garbage strings for a prepared INSERT … SELECT).
 */
export const conversionStateDeltaSql = (schema: string): string =>
  `UPDATE ${schema}.${CONVERSION_STATE}
    SET events = events + CASE kind WHEN 'leads' THEN $leads ELSE $sales END,
      time_sum = time_sum + CASE kind WHEN 'leads' THEN $lead_us::HUGEINT ELSE $sale_us::HUGEINT END`;

/** Whether the file's stored conversion clicks were made from exactly its leads and sales, under this build's definition. */
export async function checkStoredConversionClicks(db: RollupDb): Promise<StateCheck> {
  const stored = await readStoredState(db, CONVERSION_SCHEMA, CONVERSION_STATE);
  const now = totalsOf(await db.all(CONVERSION_TOTALS_SQL, {}));
  return checkState(stored, conversionDefinition(), now, CONVERSION_NAMES);
}

/**
 * (Re)writes the file's conversion clicks from its events: the schema replaced, the table built,
 * the state last (a build interrupted before it is built again), then a checkpoint. The seed
 * calls it after the events; the platform when a writable file's do not match.
 */
export async function storeConversionClicks(db: RollupDb): Promise<void> {
  // What is pending is written as usual first: the setting below holds for every table a checkpoint writes.
  await db.run("CHECKPOINT");
  await db.run(`DROP SCHEMA IF EXISTS ${CONVERSION_SCHEMA} CASCADE`);
  await db.run(`CREATE SCHEMA ${CONVERSION_SCHEMA}`);
  await createConversionClicks((sql) => db.run(sql), CONVERSION_SCHEMA);
  await db.run(conversionStateSql(CONVERSION_SCHEMA));
  await db.run(UNCOMPRESSED);
  try {
    await db.run("CHECKPOINT");
  } finally {
    await db.run("RESET force_compression");
  }
}

/**
 * The conversion clicks are written uncompressed: a page looks up 100 of them by id, scattered
 * over the table, and decompressing their segments cost 3-10 ms CPU a sales or leads page at 1M
 * clicks (docs/benchmarks.md), for a table a few percent of the clicks (+23 MB on 91 MB at 1M).
 * Clicks the writer adds later are compressed as usual when a checkpoint writes them.
 */
const UNCOMPRESSED = "SET force_compression = 'uncompressed'";

/**
 * The conversion clicks of an opened store, and the schema holding them: the file's when they
 * match its leads and sales; else built again into the file when `writable` (once: later opens
 * find them), or into `memorySchema` (the attached in-memory database). `log` says why they were built.
 */
export function openConversionClicks(
  db: RollupDb,
  writable: boolean,
  memorySchema: string,
  log: (message: string) => void,
): Promise<{ schema: string; source: ConversionSource }> {
  return openStoredDerived(
    {
      schema: CONVERSION_SCHEMA,
      check: () => checkStoredConversionClicks(db),
      store: () => storeConversionClicks(db),
      async buildInMemory() {
        await createConversionClicks((sql) => db.run(sql), memorySchema);
        return memorySchema;
      },
    },
    writable,
    log,
  );
}
