import { createHash } from "node:crypto";
import type { JS } from "@duckdb/node-api";
import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { buildSql, rollupKeys } from "./analyticsRollupBuild";
import type { Row } from "./db";
import { EVENT_TABLE } from "./eventTables";

/**
 * What the rollups were built from, kept beside them (`rollup_state`, a row per kind): which
 * definition of the rollups, and the events they hold, as a count and the sum of their
 * timestamps (epoch microseconds). The writer changes it in the same transaction as the rollups,
 * so the two are true together or not at all; the events' own figures take a scan of one column
 * per kind (rollupStore.ts compares them when the file is opened). Events the rollups missed (a
 * writer stopped between the events' commit and the rollups', a build that kept no rollups in
 * the file) or still hold (a deletion's events, likewise) change both figures of their kind.
 */

/** Changes that the statements do not show (what the writer's deltas mean); raise it with them. */
const ROLLUP_FORMAT = 1;

export const ROLLUP_STATE = "rollup_state";

const digest = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16);

/**
 * A digest of everything that makes the rollups what they are, all of them: what the state row
 * holds (`definition`), as every build has written it; a file of the base's format (no
 * ROLLUP_DEFINITIONS) is known by it (rollupPlan.ts).
 */
export function rollupDefinition(): string {
  const statements = rollupKeys().flatMap(([def, key]) => buildSql("s", def, key));
  return digest(`${ROLLUP_FORMAT}\n${statements.join("\n")}`);
}

/**
 * Each rollup table's own digest (its statement and ROLLUP_FORMAT), by table name: a stored table
 * whose digest is this build's holds what this build would build, so a changed or added rollup
 * is built alone (rollupPlan.ts).
 */
export function rollupTableDefinitions(): Map<string, string> {
  return new Map(
    rollupKeys().map(([def, key]) => [def.name, digest(`${ROLLUP_FORMAT}\n${buildSql("s", def, key).join("\n")}`)]),
  );
}

/** Beside the state: a row per rollup table, `name, definition` (rollupTableDefinitions' digest of what it was built by). */
export const ROLLUP_DEFINITIONS = "rollup_definitions";

/** Each kind's events: `kind, events, time_sum`. */
export const EVENT_TOTALS_SQL = EVENT_KINDS.map(
  (kind) =>
    `SELECT '${kind}' AS kind, count(*)::BIGINT AS events, coalesce(sum(epoch_us(timestamp)), 0)::HUGEINT AS time_sum FROM ${EVENT_TABLE[kind]}`,
).join("\nUNION ALL\n");

/** The state of rollups just built in `schema` from the events as they are now (nothing writes meanwhile). */
export const writeStateSql = (schema: string, definition: string): string =>
  `CREATE OR REPLACE TABLE ${schema}.${ROLLUP_STATE} AS SELECT '${definition}' AS definition, kind, events, time_sum FROM (${EVENT_TOTALS_SQL})`;

/** A stored state as `checkState` reads it. */
export interface StoredState {
  definition: string;
  totals: readonly KindTotals[];
}

/** The state row of `schema`.`table` (definition, kind, events, time_sum), or null when the file holds none. */
export async function readStoredState(
  db: { all(sql: string, params: Record<string, never>): Promise<Row[]> },
  schema: string,
  table: string,
): Promise<StoredState | null> {
  const tables = await db.all(
    `SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = '${schema}' AND table_name = '${table}'`,
    {},
  );
  if (Number(tables[0]?.n ?? 0) === 0) return null;
  const rows = await db.all(`SELECT definition, kind, events, time_sum FROM ${schema}.${table}`, {});
  return { definition: String(rows[0]?.definition ?? ""), totals: totalsOf(rows) };
}

/**
 * The state's change for the events of `staged` (a table of the kind's columns) added to the
 * rollups (`sign` 1) or taken out of them (-1): in the transaction that changes the rollups.
 */
export function stateDeltaSql(schema: string, kind: EventKind, staged: string, sign: 1 | -1): string {
  const op = sign === 1 ? "+" : "-";
  return `UPDATE ${schema}.${ROLLUP_STATE}
    SET events = events ${op} (SELECT count(*) FROM ${staged}),
      time_sum = time_sum ${op} (SELECT coalesce(sum(epoch_us(timestamp)), 0)::HUGEINT FROM ${staged})
    WHERE kind = '${kind}'`;
}

/** One kind's figures, as stored or as the events give them. */
export interface KindTotals {
  kind: string;
  events: bigint;
  timeSum: bigint;
}

export type StateCheck = { current: true } | { current: false; why: string };

const big = (value: JS): bigint => (typeof value === "bigint" ? value : BigInt(String(value)));

/** Rows of `kind, events, time_sum` (a state table's, or the events' totals) as figures. */
export const totalsOf = (rows: readonly Row[]): KindTotals[] =>
  rows.map((row) => ({ kind: String(row.kind), events: big(row.events), timeSum: big(row.time_sum) }));

/** How a check names what it checks: "rollups" (and their figures "rolled up"), or another derived state's. */
export interface CheckedNames {
  what: string;
  held: string;
}

const ROLLUP_NAMES: CheckedNames = { what: "rollups", held: "rolled up" };

/**
 * Whether rollups stored with `stored` (their definition and figures; null: none stored) hold
 * exactly `events` (EVENT_TOTALS_SQL now) under `definition` (this build's).
 */
export function checkState(
  stored: StoredState | null,
  definition: string,
  events: readonly KindTotals[],
  { what, held }: CheckedNames = ROLLUP_NAMES,
): StateCheck {
  if (!stored) return { current: false, why: `the file holds no ${what}` };
  if (stored.definition !== definition)
    return { current: false, why: `the file's ${what} were built by another version (their definition differs)` };
  const why = totalsDiffer(stored.totals, events, { what, held });
  return why ? { current: false, why } : { current: true };
}

/** Why `stored` figures do not hold exactly `events` (each kind's count and timestamp sum); null when they do. */
export function totalsDiffer(
  stored: readonly KindTotals[],
  events: readonly KindTotals[],
  { what, held }: CheckedNames = ROLLUP_NAMES,
): string | null {
  for (const kind of events) {
    const rolled = stored.find((t) => t.kind === kind.kind);
    if (!rolled || rolled.events !== kind.events || rolled.timeSum !== kind.timeSum)
      return `the file's ${what} do not match its ${kind.kind} (${rolled ? rolled.events : "none"} ${held}, ${kind.events} stored)`;
  }
  return null;
}
