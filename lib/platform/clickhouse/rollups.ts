import type { DateRange } from "../../contract/dateRange";
import { EVENT_KINDS, type EventKind, type FilterParam } from "../../contract/dimensions";
import type { FilterClause } from "../../contract/query";
import { splitRange } from "../query/analyticsRollup";
import type { FilterQuery } from "../query/eventWhere";
import { EVENT_TABLE } from "../query/eventTables";
import { CLICKHOUSE_FILTER_SQL } from "./dimensionSql";

/**
 * The event store's rollups on ClickHouse: events counted per workspace, kind, UTC slot (an hour
 * or a day) and a few columns, each a SummingMergeTree fed by one materialized view per event
 * table (migrations.ts, version 2), so every insert into the events adds its counts. A query whose
 * key and filters read only a rollup's columns counts its range's whole slots there and the
 * partial slots at either end from the events (facts.ts), as the DuckDB store's rollups do
 * (query/analyticsRollup.ts).
 *
 * Few columns per rollup, not every filtered column in one: a rollup only pays where a slot's
 * events share their key. Keyed by the link and four click columns, an hourly rollup of the
 * bench's 1M-click seed has 857,000 rows (events spread over 734 links × 46 countries × 3 devices
 * × 3 triggers × 35 referers per workspace-hour); one by day, country and device has ~50,000.
 */

/** The columns a rollup may keep beside its slot: the event's link and click columns of few values. */
export const ROLLUP_COLUMNS = ["link_id", "country", "continent", "device", "trigger", "referer"] as const;
export type RollupColumn = (typeof ROLLUP_COLUMNS)[number];

const COLUMN_TYPE: Record<RollupColumn, string> = {
  link_id: "String",
  country: "LowCardinality(String)",
  continent: "LowCardinality(String)",
  device: "LowCardinality(String)",
  trigger: "LowCardinality(String)",
  referer: "String",
};

export const isRollupColumn = (name: string): name is RollupColumn =>
  (ROLLUP_COLUMNS as readonly string[]).includes(name);

export type SlotWidth = "hour" | "day";

export const SLOT_MS: Record<SlotWidth, number> = { hour: 3_600_000, day: 86_400_000 };

/** A slot's start (UTC) from the event's time. */
const SLOT_START: Record<SlotWidth, string> = {
  hour: "toStartOfHour(timestamp)",
  day: "toStartOfDay(timestamp)",
};

export interface RollupDef {
  table: string;
  slot: SlotWidth;
  columns: readonly RollupColumn[];
}

/**
 * In the order a query takes them: the first that keeps every column it reads and whose slots
 * are exact for it. Days before hours (a tenth of the rows for a year); hours answer timeseries
 * in zones whose day does not start on a UTC day (every whole-hour zone). Without the link, a
 * rollup's rows of a deleted link's keys are brought to the other events' counts (unlinkStatements).
 */
export const ROLLUPS: readonly RollupDef[] = [
  { table: "rollup_day_country_device", slot: "day", columns: ["country", "continent", "device"] },
  { table: "rollup_hour_country", slot: "hour", columns: ["country", "continent"] },
  { table: "rollup_day_link_trigger", slot: "day", columns: ["link_id", "trigger"] },
  { table: "rollup_day_link_referer", slot: "day", columns: ["link_id", "referer"] },
];

const mvName = (def: RollupDef, kind: EventKind) => `${def.table}_${kind}_mv`;

/** The kind's events as rollup rows: counts per slot and columns. */
function rollupSelect(def: RollupDef, kind: EventKind): string {
  const amount = kind === "sales" ? "toInt64(sum(amount))" : "toInt64(0)";
  const columns = def.columns.join(", ");
  // The kind is one of EVENT_KINDS, written as a literal like the table it stands for.
  return `SELECT workspace_id, '${kind}' AS kind, ${SLOT_START[def.slot]} AS slot, ${columns}, toInt64(count()) AS events, ${amount} AS amount
FROM ${EVENT_TABLE[kind]}
GROUP BY workspace_id, slot, ${columns}`;
}

/** Migration 2: each rollup's table and its views, then the rows of the events already there. */
export function rollupMigration(): string[] {
  const out: string[] = [];
  for (const def of ROLLUPS) {
    out.push(`CREATE TABLE IF NOT EXISTS ${def.table} (
  workspace_id String,
  kind LowCardinality(String),
  slot DateTime('UTC'),
${def.columns.map((c) => `  ${c} ${COLUMN_TYPE[c]},`).join("\n")}
  events Int64,
  amount Int64
) ENGINE = SummingMergeTree((events, amount))
PARTITION BY toYYYYMM(slot)
ORDER BY (workspace_id, kind, slot, ${def.columns.join(", ")})`);
    for (const kind of EVENT_KINDS)
      out.push(
        `CREATE MATERIALIZED VIEW IF NOT EXISTS ${mvName(def, kind)} TO ${def.table} AS\n${rollupSelect(def, kind)}`,
      );
  }
  // Events inserted before the views existed (a store upgraded from version 1). A platform
  // migrates before it writes; another one writing to the same store meanwhile would be counted twice.
  for (const def of ROLLUPS)
    for (const kind of EVENT_KINDS) out.push(`INSERT INTO ${def.table}\n${rollupSelect(def, kind)}`);
  return out;
}

/**
 * A statement that makes `def`'s rows of the kind's keys touched by the events `gone` selects
 * (a predicate over the event table, with its parameters) count every event but those: it adds
 * to each such key the difference between what the events other than `gone` give it and what the
 * rollup sums to now. Run while `gone` are still there (a lightweight DELETE on the events does
 * not reach a view's target), it takes them out; run again, it finds nothing to add, so a retry
 * after a failure part way never takes them out twice (docs/clickhouse.md, "A deleted link").
 * The writer runs it alone (its one queue): no insert comes between the two sums it compares.
 */
function reconcileStatement(def: RollupDef, kind: EventKind, gone: string): string {
  const columns = def.columns.join(", ");
  const key = `${SLOT_START[def.slot]}, ${columns}`;
  const table = EVENT_TABLE[kind];
  const touched = `(${key}) IN (SELECT ${key} FROM ${table} WHERE ${gone})`;
  const amount = kind === "sales" ? "toInt64(sumIf(amount, NOT (" + gone + ")))" : "toInt64(0)";
  return `INSERT INTO ${def.table} (workspace_id, kind, slot, ${columns}, events, amount)
SELECT workspace_id, kind, slot, ${columns}, e.events - r.events, e.amount - r.amount
FROM (
  SELECT workspace_id, '${kind}' AS kind, toDateTime(${SLOT_START[def.slot]}, 'UTC') AS slot, ${columns},
    toInt64(countIf(NOT (${gone}))) AS events, ${amount} AS amount
  FROM ${table}
  WHERE workspace_id = {ws:String} AND ${touched}
  GROUP BY workspace_id, slot, ${columns}
) AS e
LEFT JOIN (
  SELECT workspace_id, kind, slot, ${columns}, sum(events) AS events, sum(amount) AS amount
  FROM ${def.table}
  WHERE workspace_id = {ws:String} AND kind = '${kind}' AND (slot, ${columns}) IN (SELECT toDateTime(${SLOT_START[def.slot]}, 'UTC'), ${columns} FROM ${table} WHERE ${gone})
  GROUP BY workspace_id, kind, slot, ${columns}
) AS r USING (workspace_id, kind, slot, ${columns})
WHERE e.events != r.events OR e.amount != r.amount`;
}

/**
 * Taking a deleted link's events out of the rollups, run before its events are deleted: a rollup
 * keeping the link loses the link's rows, one without it has the keys of the link's events brought
 * to what the workspace's other events give them (reconcileStatement). Each statement can run
 * again with the same effect, so a deletion that failed part way is retried safely. Parameters
 * {ws:String} and {link_id:String}.
 */
export function unlinkStatements(): string[] {
  const link = "workspace_id = {ws:String} AND link_id = {link_id:String}";
  return ROLLUPS.flatMap((def) =>
    def.columns.includes("link_id")
      ? [`DELETE FROM ${def.table} WHERE ${link}`]
      : EVENT_KINDS.map((kind) => reconcileStatement(def, kind, link)),
  );
}

/**
 * Taking some events of a kind out of every rollup, run before they are deleted (events ClickHouse
 * holds that the file never committed: ../write/mirrorSettle.ts). As unlinkStatements, safe to run
 * again. Parameters {ws:String} and {ids:Array(String)}.
 */
export function unrecordStatements(kind: EventKind): string[] {
  const gone = "workspace_id = {ws:String} AND has({ids:Array(String)}, id)";
  return ROLLUPS.map((def) => reconcileStatement(def, kind, gone));
}

export const ROLLUP_TABLES = ROLLUPS.map((def) => def.table);

/** How a rollup row `e` gives a key (facts.ts ChKey). */
export interface RollupKey {
  /** The columns the key reads. */
  columns: readonly RollupColumn[];
  /** The key's expressions over a rollup row `e`, given its slot's start (`e.slot`). */
  exprs(slot: string): readonly string[];
  /** Whether slots this wide (ms) count the key exactly: a timeseries only where no bucket edge cuts a slot. */
  exact?(slotMs: number): boolean;
}

/** The columns a kind's filters test, when a rollup can test them all (a link filter is its link ids); null otherwise. */
export function filterColumns(filters: FilterQuery): RollupColumn[] | null {
  if (filters.metadata.length > 0) return null;
  const out = new Set<RollupColumn>();
  for (const [param, clause] of Object.entries(filters.filters) as [FilterParam, FilterClause | undefined][]) {
    if (!clause) continue;
    const rule = CLICKHOUSE_FILTER_SQL[param];
    if (rule.level === "link") out.add("link_id");
    else if (rule.level === "click" && isRollupColumn(rule.column)) out.add(rule.column);
    else return null;
  }
  return [...out];
}

export interface RollupRead {
  def: RollupDef;
  /** The whole slots read from the rollup. */
  slots: DateRange;
  /** The partial slots at either end, read from the events. */
  edges: { name: "head" | "tail"; range: DateRange }[];
}

/** Where a kind's facts of `key` over `range` are read from the rollups: the first rollup that answers, or null (the events only). */
export function rollupRead(key: RollupKey | undefined, filters: FilterQuery, range: DateRange): RollupRead | null {
  if (!key) return null;
  const tested = filterColumns(filters);
  if (!tested) return null;
  const needed = [...key.columns, ...tested];
  for (const def of ROLLUPS) {
    const slotMs = SLOT_MS[def.slot];
    if (!needed.every((c) => def.columns.includes(c))) continue;
    if (key.exact && !key.exact(slotMs)) continue;
    const { head, slots, tail } = splitRange(range, slotMs);
    if (!slots) continue;
    const edges: RollupRead["edges"] = [];
    if (head) edges.push({ name: "head", range: head });
    if (tail) edges.push({ name: "tail", range: tail });
    return {
      def,
      slots: { start: new Date(slots.from * slotMs), end: new Date(slots.to * slotMs) },
      edges,
    };
  }
  return null;
}

/** A kind's metrics summed over rollup rows `e`, named as the facts' (facts.ts). */
export const ROLLUP_METRICS: Record<EventKind, string> = {
  clicks: "toInt64(sum(e.events)) AS clicks, toInt64(0) AS leads, toInt64(0) AS sales, toInt64(0) AS sale_amount",
  leads: "toInt64(0) AS clicks, toInt64(sum(e.events)) AS leads, toInt64(0) AS sales, toInt64(0) AS sale_amount",
  sales:
    "toInt64(0) AS clicks, toInt64(0) AS leads, toInt64(sum(e.events)) AS sales, toInt64(sum(e.amount)) AS sale_amount",
};
