import { EVENT_KINDS, type EventKind } from "../../contract/dimensions";
import { ROLLUP_LINK_DOMAINS, rollupTable, type RollupDef } from "./analyticsRollup";
import { BREAKDOWN_SQL } from "./dimensionSql";
import { EVENT_TABLE } from "./eventTables";
import { DOMAIN_KEY, SLOT_KEY, type FactKey } from "./factKeys";

/** Builds the rollups analyticsRollup reads: every kind, by slot and by each breakdown's key. */

/**
 * Whether `key` builds `def`: a rollup storing key columns is built by the key of those columns
 * (other keys read it too, factKeys.ts `borrowed`); one storing none by any key reading it.
 */
const builds = (key: FactKey, def: RollupDef): boolean =>
  def.columns.length === 0 ||
  (key.names.length === def.columns.length && key.names.every((n, i) => n === def.columns[i]));

/** Every rollup with the key it is built from, one per rollup name. */
export function rollupKeys(): [RollupDef, FactKey][] {
  const byName = new Map<string, [RollupDef, FactKey]>();
  for (const key of [SLOT_KEY, ...Object.values(BREAKDOWN_SQL).map((d) => d.key), DOMAIN_KEY]) {
    for (const def of key.rollups) if (!byName.has(def.name) && builds(key, def)) byName.set(def.name, [def, key]);
  }
  return [...byName.values()];
}

/** Every column a rollup stores besides kind, workspace and slot: its key's, then the click columns beside it. */
const storedColumns = (def: RollupDef): string[] => [...def.columns, ...def.clickColumns];

/**
 * One kind's rows of a rollup: `kind, workspace_id, t, <stored columns>, events, amount`; of the
 * events matching `where`, if given, read from `from` (the kind's table, or one of its shape).
 */
function kindSql(
  schema: string,
  kind: EventKind,
  def: RollupDef,
  key: FactKey,
  where = "",
  from: string = EVENT_TABLE[kind],
  sign: 1 | -1 = 1,
): string {
  // A rollup stores its own key columns; a key read from the slot alone (SLOT_KEY) stores none.
  const keyExprs = def.columns.length > 0 ? key.exprs(kind) : [];
  const exprs = [...keyExprs, ...def.clickColumns.map((column) => `e.${column}`)];
  const columns = exprs.map((expr, i) => `, ${expr} AS ${storedColumns(def)[i]}`).join("");
  const negate = sign === -1 ? "-" : "";
  const amount = kind === "sales" ? `${negate}sum(e.amount)::BIGINT` : "0::BIGINT";
  const slot = `epoch_us(e.timestamp) // ${def.slotMs * 1000}`;
  // A link's column is the one its events were rolled up under (ROLLUP_LINK_DOMAINS), never the link's now.
  const join = def.linkColumn ? ` JOIN ${schema}.${ROLLUP_LINK_DOMAINS} m ON m.link_id = e.link_id` : "";
  return `SELECT '${kind}' AS kind, e.workspace_id, ${slot} AS t${columns}, ${negate}count(*)::BIGINT AS events, ${amount} AS amount
    FROM ${from} e${join}${where ? ` WHERE ${where}` : ""} GROUP BY e.workspace_id, ${[slot, ...exprs].join(", ")}`;
}

/** ROLLUP_LINK_DOMAINS: every link's domain now (a build), or the links of `staged`'s events (a table, or one with its WHERE) it lacks (the writer's, before their rows). */
function linkDomainsSql(schema: string, staged?: string): string {
  const table = `${schema}.${ROLLUP_LINK_DOMAINS}`;
  if (!staged) return `CREATE OR REPLACE TABLE ${table} AS SELECT id AS link_id, domain FROM links`;
  return `INSERT INTO ${table} SELECT l.id, l.domain FROM links l
    WHERE l.id IN (SELECT link_id FROM ${staged}) AND l.id NOT IN (SELECT link_id FROM ${table})`;
}

/**
 * A rollup's rows are kept in this order (a hash aggregate's output has none): a read names one
 * kind, one workspace and a range of slots, and zone maps skip every row group outside them.
 */
const ROLLUP_ORDER = "ORDER BY kind, workspace_id, t";

/**
 * One table per rollup, every kind in it (rollupFactsSql picks a kind's rows by `kind`), in
 * order: a rollup of a link's column first writes ROLLUP_LINK_DOMAINS anew.
 */
export const buildSql = (schema: string, def: RollupDef, key: FactKey): string[] => [
  ...(def.linkColumn ? [linkDomainsSql(schema)] : []),
  `CREATE TABLE ${rollupTable(schema, def)} AS SELECT * FROM (${EVENT_KINDS.map((kind) => kindSql(schema, kind, def, key)).join("\nUNION ALL\n")}) ${ROLLUP_ORDER}`,
];

/**
 * The in-memory database attached beside the file that holds the derived state kept in memory:
 * the writer's staged batches, and the rollups and the conversion clicks when the file holds none
 * that match its events and cannot be written (opened read-only: rollupStore.ts, conversionStore.ts).
 */
export const DERIVED_SCHEMA = "analytics_rollups";

export async function attachDerived(run: (sql: string) => Promise<void>): Promise<string> {
  await run(`ATTACH ':memory:' AS ${DERIVED_SCHEMA} (READ_WRITE)`);
  return DERIVED_SCHEMA;
}

/**
 * Fills the rollups of `schema` (the attached in-memory database, or the file's own schema of
 * them: rollupStore.ts) from the store, every table at once. `run` executes one statement on any
 * connection of the store: several run side by side on a pool.
 */
export async function buildRollups(
  run: (sql: string) => Promise<void>,
  schema: string,
  names?: ReadonlySet<string>,
): Promise<void> {
  await Promise.all(
    rollupKeys()
      .filter(([def]) => !names || names.has(def.name))
      .map(async ([def, key]) => {
        for (const sql of buildSql(schema, def, key)) await run(sql);
      }),
  );
}

/**
 * Statements that add events' rows to every rollup, for the writer (../write/storeWriter.ts):
 * one statement per rollup for a whole batch of events of a kind. Readers always sum a rollup's
 * rows by key, so a key's rows may be split across several. The events are found by their ids
 * (`$ids`) between the first and last of their timestamps (`$from`, `$to`: zone maps skip the rest).
 */
export function rollupDeltaSql(schema: string, kind: EventKind): string[] {
  const where = "e.timestamp >= $from AND e.timestamp <= $to AND list_contains($ids, e.id)";
  return rollupKeys().flatMap(([def, key]) => [
    ...(def.linkColumn ? [linkDomainsSql(schema, `${EVENT_TABLE[kind]} e WHERE ${where}`)] : []),
    `INSERT INTO ${rollupTable(schema, def)} ${kindSql(schema, kind, def, key, where)}`,
  ]);
}

/**
 * Statements that add every event of `staged` (a table of the kind's columns, holding a batch the
 * writer just committed) to every rollup: the batch is read from memory, not found in the store.
 */
export function rollupStagedSql(schema: string, kind: EventKind, staged: string): string[] {
  return rollupKeys().flatMap(([def, key]) => [
    ...(def.linkColumn ? [linkDomainsSql(schema, staged)] : []),
    `INSERT INTO ${rollupTable(schema, def)} ${kindSql(schema, kind, def, key, "", staged)}`,
  ]);
}

/**
 * Statements that take every event of `staged` (a copy of events about to leave the store: a
 * deleted link's) out of every rollup, as rows that subtract them; compaction folds them away.
 */
export function rollupRemovalSql(schema: string, kind: EventKind, staged: string): string[] {
  return rollupKeys().map(
    ([def, key]) => `INSERT INTO ${rollupTable(schema, def)} ${kindSql(schema, kind, def, key, "", staged, -1)}`,
  );
}

/**
 * Statements that fold every rollup's rows back to one per key (the writer's deltas add a row per
 * batch), each list one transaction's worth, all in the rollups' own database (a transaction
 * writes to one database only): readers see the rows before or after, and the sums are the same.
 * `fromMs`: only the slots from the one holding that instant on (the earliest event added since
 * the last fold: every delta row is there), not the whole table; omitted, every slot.
 */
export function rollupCompactionSql(schema: string, fromMs?: number): string[][] {
  const scratch = `${schema}.rollup_compacted`;
  return rollupKeys().map(([def]) => {
    const table = rollupTable(schema, def);
    const keys = ["kind", "workspace_id", "t", ...storedColumns(def)].join(", ");
    // A whole number computed here, never a request's text.
    const where = fromMs === undefined ? "" : ` WHERE t >= ${Math.floor(fromMs / def.slotMs)}`;
    return [
      `CREATE OR REPLACE TABLE ${scratch} AS SELECT ${keys}, sum(events)::BIGINT AS events, sum(amount)::BIGINT AS amount FROM ${table}${where} GROUP BY ${keys} HAVING sum(events) <> 0`,
      `DELETE FROM ${table}${where}`,
      `INSERT INTO ${table} SELECT ${keys}, events, amount FROM ${scratch} ${ROLLUP_ORDER}`,
      `DROP TABLE ${scratch}`,
    ];
  });
}
