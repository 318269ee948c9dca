import type { AnalyticsEvent } from "../../contract/analytics";
import type { CommonQuery, FilterClauses } from "../../contract/query";
import type { DateRange } from "../../contract/dateRange";
import { EVENT_KINDS, FILTER_LIST, appliesTo, filterDef, type EventKind } from "../../filters/table";
import { SLOT_ROLLUP } from "./analyticsBuckets";
import { rollupFactsSql, splitRange, type RollupDef } from "./analyticsRollup";
import { CONVERSION_CLICKS } from "./conversionClicks";
import type { Db } from "./db";
import { EVENT_TABLE, eventWhere, type FilterQuery } from "./filterSql";
import type { ListScope } from "./eventsQuery";
import type { SqlParams } from "./sqlParams";

/**
 * The "facts" of an analytics query: per event kind, the events matching that kind's filters
 * (the same WHERE as GET /events), counted per grouping key, as one UNION ALL with the columns
 * `<key names>, clicks, leads, sales, sale_amount`. A group may appear more than once per kind
 * (a kind without filters reads its whole slots from the rollup and its partial ends from the
 * events); callers sum the rows per key.
 */

/** What the facts are counted by. Expressions read `e` (the event) and, when `needsClick`, `cc` (its click). */
export interface FactKey {
  names: readonly string[];
  exprs(kind: EventKind): readonly string[];
  needsClick(kind: EventKind): boolean;
  /** Where the key's counts are kept pre-aggregated, if they are. */
  rollup?: RollupDef;
}

export const NO_KEY: FactKey = { names: [], exprs: () => [], needsClick: () => false, rollup: { ...SLOT_ROLLUP, exprs: [] } };

const DAY_MS = 86_400_000;

/** Rollups of key columns by UTC day: the partial days at the ends of a range are read from the events. */
const dayRollup = (columns: readonly string[]): RollupDef => ({ name: columns.join("_"), slotMs: DAY_MS, columns, exprs: columns.map((c) => `r.${c}`) });

/** Columns of the click: the event's own row for clicks, the conversion's click for leads and sales. */
export function clickKey(columns: readonly string[]): FactKey {
  return {
    names: columns,
    exprs: (kind) => columns.map((column) => `${kind === "clicks" ? "e" : "cc"}.${column}`),
    needsClick: (kind) => kind !== "clicks",
    rollup: dayRollup(columns),
  };
}

export const LINK_KEY: FactKey = { names: ["link_id"], exprs: () => ["e.link_id"], needsClick: () => false, rollup: dayRollup(["link_id"]) };

/** Metric columns contributed by each kind (USD cents for sale amounts). */
const METRIC_COLUMNS: Record<EventKind, string> = {
  clicks: "count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount",
  leads: "0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount",
  sales: "0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount_usd)::BIGINT AS sale_amount",
};

/** The kinds whose metrics a reply carries: the event's own, or all three for composite. */
export function kindsOf(event: AnalyticsEvent): readonly EventKind[] {
  return event === "composite" ? EVENT_KINDS : [event];
}

/** The query's filters that apply to a kind (composite: saleType only narrows sales, query leads and sales). */
export function filtersFor(query: FilterQuery, kind: EventKind): FilterQuery {
  const filters: FilterClauses = {};
  for (const def of FILTER_LIST) {
    const clause = query.filters[def.param];
    if (clause && appliesTo(def, kind)) filters[def.param] = clause;
  }
  return { filters, metadata: appliesTo(filterDef("query"), kind) ? query.metadata : [] };
}

export interface FactsQuery extends Pick<CommonQuery, "filters" | "metadata"> {
  event: AnalyticsEvent;
}

const unfiltered = (query: FilterQuery) => query.metadata.length === 0 && Object.values(query.filters).every((clause) => clause === undefined);

/** A kind's facts counted from its events over `range`. */
async function eventFactsSql(db: Db, filters: FilterQuery, scope: ListScope, range: DateRange, kind: EventKind, key: FactKey, p: SqlParams): Promise<string> {
  const where = await eventWhere(db, filters, { ...scope, range, kind }, p);
  const exprs = key.exprs(kind);
  const keys = exprs.map((expr, i) => `${expr} AS ${key.names[i]}, `).join("");
  const join = key.needsClick(kind) ? ` JOIN ${CONVERSION_CLICKS} cc ON cc.id = e.click_id` : "";
  const groupBy = exprs.length > 0 ? ` GROUP BY ${exprs.join(", ")}` : "";
  return `SELECT ${keys}${METRIC_COLUMNS[kind]} FROM ${EVENT_TABLE[kind]} e${join} WHERE ${where.sql}${groupBy}`;
}

interface RollupRead {
  schema: string;
  def: RollupDef;
  slots: { from: number; to: number };
  edges: DateRange[];
}

/** How a kind's facts come from the rollup: only without filters, and only when the range holds a whole slot. */
function rollupRead(db: Db, key: FactKey, filters: FilterQuery, range: DateRange): RollupRead | null {
  if (!db.rollups || !key.rollup || !unfiltered(filters)) return null;
  const { head, slots, tail } = splitRange(range, key.rollup.slotMs);
  if (!slots) return null;
  return { schema: db.rollups, def: key.rollup, slots, edges: [head, tail].filter((edge) => edge !== null) };
}

/** The UNION ALL, its placeholders numbered in `p`. */
export async function factsSql(db: Db, query: FactsQuery, scope: ListScope, key: FactKey, p: SqlParams): Promise<string> {
  const parts: string[] = [];
  for (const kind of kindsOf(query.event)) {
    const filters = filtersFor(query, kind);
    const rollup = rollupRead(db, key, filters, scope.range);
    if (!rollup) {
      parts.push(await eventFactsSql(db, filters, scope, scope.range, kind, key, p));
      continue;
    }
    for (const edge of rollup.edges) parts.push(await eventFactsSql(db, filters, scope, edge, kind, key, p));
    parts.push(rollupFactsSql(rollup.schema, kind, rollup.def, key.names, scope.workspaceId, rollup.slots, p));
  }
  return parts.join("\nUNION ALL\n");
}

/** Sums of the four metrics over facts aliased `f`, named as the SQL reads them back. */
export const METRIC_SUMS =
  "coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, " +
  "coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount";
