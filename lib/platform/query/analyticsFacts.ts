import type { AnalyticsEvent } from "../../contract/analytics";
import type { CommonQuery, FilterClause, FilterClauses } from "../../contract/query";
import type { DateRange } from "../../contract/dateRange";
import { EVENT_KINDS, FILTER_PARAMS, appliesTo, type EventKind, type FilterParam } from "../../contract/dimensions";
import { ROLLUP_LINK_DOMAINS, rollupFactsSql, splitRange, type RollupDef } from "./analyticsRollup";
import { FILTER_SQL, inList } from "./dimensionSql";
import { EVENT_TABLE, type ClickDimension } from "./eventTables";
import { eventWhere, linkIdCondition, type FilterQuery, type LinkIdsMemo } from "./eventWhere";
import type { FactKey } from "./factKeys";
import type { ListScope } from "./scope";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

/**
 * The "facts" of an analytics query: per event kind, the events matching that kind's filters
 * (the same WHERE as GET /events), counted per grouping key, as one UNION ALL with the columns
 * `<key names>, clicks, leads, sales, sale_amount`. A group may appear more than once per kind
 * (a kind without filters, or filtered on click columns a rollup of the key stores, reads its
 * whole slots from the rollup and its partial ends from the events); callers sum the rows per key.
 */

/** Metric columns contributed by each kind (USD cents for sale amounts). */
const METRIC_COLUMNS: Record<EventKind, string> = {
  clicks: "count(*) AS clicks, 0 AS leads, 0 AS sales, 0 AS sale_amount",
  leads: "0 AS clicks, count(*) AS leads, 0 AS sales, 0 AS sale_amount",
  sales: "0 AS clicks, 0 AS leads, count(*) AS sales, sum(e.amount)::BIGINT AS sale_amount",
};

/** The kinds whose metrics a reply carries: the event's own, or all three for composite. */
export function kindsOf(event: AnalyticsEvent): readonly EventKind[] {
  return event === "composite" ? EVENT_KINDS : [event];
}

/** The query's filters that apply to a kind (composite: saleType only narrows sales, query leads and sales). */
export function filtersFor(query: FilterQuery, kind: EventKind): FilterQuery {
  const filters: FilterClauses = {};
  for (const param of FILTER_PARAMS) {
    const clause = query.filters[param];
    if (clause && appliesTo(param, kind)) filters[param] = clause;
  }
  return { filters, metadata: appliesTo("query", kind) ? query.metadata : [] };
}

export interface FactsQuery extends Pick<CommonQuery, "filters" | "metadata"> {
  event: AnalyticsEvent;
}

interface Part {
  store: Store;
  scope: ListScope;
  key: FactKey;
  p: SqlParams;
  linkIds: LinkIdsMemo;
  /** Per link column, whether a link moved in or out of the query's values since it was rolled up (linkColumnCondition). */
  moved?: Map<string, boolean>;
}

/** A kind's facts counted from its events over the scope's range, or an `edge` of it when the rest comes from the rollup. */
async function eventFactsSql(
  { store, scope, key, p, linkIds }: Part,
  filters: FilterQuery,
  kind: EventKind,
  edge?: Edge,
): Promise<string> {
  const where = await eventWhere(
    store.db,
    filters,
    { ...scope, range: edge?.range ?? scope.range, kind, edge: edge?.name },
    p,
    linkIds,
  );
  const exprs = key.exprs(kind);
  const keys = exprs.map((expr, i) => `${expr} AS ${key.names[i]}, `).join("");
  const groupBy = exprs.length > 0 ? `\nGROUP BY ${exprs.join(", ")}` : "";
  return `SELECT ${keys}${METRIC_COLUMNS[kind]} FROM ${EVENT_TABLE[kind]} e\nWHERE ${where}${groupBy}`;
}

interface Edge {
  /** `head` or `tail`, prefixed by the edge it lies in when a finer rollup fills that one. */
  name: string;
  range: DateRange;
}

interface RollupRead {
  schema: string;
  def: RollupDef;
  slots: { from: number; to: number };
  edges: Edge[];
  /** The kind's filters over the rollup's columns. */
  conditions: string[];
}

/** A filter on a click column, as a rollup's column `r.<column>` can answer it. */
export interface ClickFilter {
  column: ClickDimension;
  condition: (p: SqlParams) => string;
}

/** The kind's filters if every one tests a click column (the same predicate as eventWhere's, over the rollup row `r`); null otherwise. */
export function clickFilters(filters: FilterQuery): ClickFilter[] | null {
  if (filters.metadata.length > 0) return null;
  const out: ClickFilter[] = [];
  for (const [param, clause] of Object.entries(filters.filters) as [FilterParam, FilterClause | undefined][]) {
    if (!clause) continue;
    const rule = FILTER_SQL[param];
    if (rule.level !== "click") return null;
    out.push({ column: rule.column, condition: (p) => inList(`r.${rule.column}`, clause, p, param, rule.nullable) });
  }
  return out;
}

/**
 * Whether facts counted per slot of this width (ms) are exact for the caller: a breakdown or a
 * count sums its range and takes any width; a timeseries only one its buckets never cut.
 */
export type ExactSlots = (slotMs: number) => Promise<boolean>;

const anySlots: ExactSlots = () => Promise.resolve(true);

/** The kind's filters as a rollup row answers them: click columns, and the link's attributes through its id. */
interface RollupTests {
  click: ClickFilter[];
  /** Whether a filter tests the link (domain, tag, folder, …): only a rollup storing the link id answers it. */
  link: boolean;
}

/** The kind's filters if every one tests a click column or the link; null when one tests anything else (metadata, sale type, customer). */
function rollupTests(filters: FilterQuery): RollupTests | null {
  if (filters.metadata.length > 0) return null;
  const click = clickFilters({ ...filters, filters: withoutLinkFilters(filters.filters) });
  if (!click) return null;
  const link = Object.entries(filters.filters).some(
    ([param, clause]) => clause && FILTER_SQL[param as FilterParam].level === "link",
  );
  return { click, link };
}

function withoutLinkFilters(filters: FilterClauses): FilterClauses {
  const out: FilterClauses = {};
  for (const [param, clause] of Object.entries(filters) as [FilterParam, FilterClause | undefined][])
    if (clause && FILTER_SQL[param].level !== "link") out[param] = clause;
  return out;
}

/**
 * A rollup of a link's column (`domain`) answers a query whose only link filter is on that
 * column and keeps its values (no exclusion), and only while every link of the workspace that
 * is of those values now was of them when its events were rolled up (ROLLUP_LINK_DOMAINS): an
 * edit that moved a link in or out since (its domain changed, its domain renamed) sends the
 * query to the link's rollups. The condition over its row `r`; null when it cannot answer.
 */
async function linkColumnCondition(part: Part, filters: FilterQuery, column: "domain"): Promise<string | null> {
  const links = Object.entries(filters.filters).filter(
    ([param, clause]) => clause && FILTER_SQL[param as FilterParam].level === "link",
  );
  const [only] = links;
  const clause = only?.[1];
  if (links.length !== 1 || only?.[0] !== column || !clause || clause.exclude) return null;
  part.moved ??= new Map();
  let moved = part.moved.get(column);
  if (moved === undefined) {
    const check = new SqlParams();
    const values = check.list("values", clause.values);
    const [row] = await part.store.db.all(
      `SELECT count(*) AS n FROM links l JOIN ${part.store.rollups}.${ROLLUP_LINK_DOMAINS} m ON m.link_id = l.id
WHERE l.workspace_id = ${check.add("ws", part.scope.workspaceId)} AND list_contains(${values}, l.${column}) <> list_contains(${values}, m.${column})`,
      check.values,
    );
    moved = Number(row?.n ?? 0) > 0;
    part.moved.set(column, moved);
  }
  return moved ? null : inList(`r.${column}`, clause, part.p, column, false);
}

/**
 * How a kind's facts come from a rollup: the first of `rollups` (the key's, in its order) that
 * stores every column the kind's filters test (none, unfiltered; the link id for a link's
 * attributes) and whose slots are exact for the caller, and only when the range holds a whole
 * slot of it.
 */
async function rollupRead(
  part: Part,
  kind: EventKind,
  rollups: readonly RollupDef[],
  filters: FilterQuery,
  range: DateRange,
  exact: ExactSlots,
  within?: string,
): Promise<RollupRead | null> {
  const { store, p } = part;
  const tests = rollupTests(filters);
  if (!store.rollups || !tests) return null;
  const prefix = within ? `${within}_` : "";
  for (const def of rollups) {
    if (def.linkColumn ? !tests.link : tests.link && !def.columns.includes("link_id")) continue;
    if (!tests.click.every((t) => def.filterable.includes(t.column))) continue;
    const { head, slots, tail } = splitRange(range, def.slotMs);
    if (!slots || !(await exact(def.slotMs))) continue;
    const edges: Edge[] = [];
    if (head) edges.push({ name: `${prefix}head`, range: head });
    if (tail) edges.push({ name: `${prefix}tail`, range: tail });
    const conditions = tests.click.map((t) => t.condition(p));
    if (def.linkColumn) {
      const link = await linkColumnCondition(part, filters, def.linkColumn);
      if (!link) continue;
      conditions.push(link);
    } else if (tests.link) {
      const link = await linkIdCondition(store.db, filters, { ...part.scope, kind }, p, part.linkIds, "r.link_id");
      if (link) conditions.push(link);
    }
    return { schema: store.rollups, def, slots, edges, conditions };
  }
  return null;
}

/**
 * Partial slots of rollups wider than this (a week's) are read through finer rollups; a day's are
 * hours of events, which cost no more than the row groups of an hourly rollup holding them.
 */
const DESCEND_ABOVE_MS = 86_400_000;

/**
 * A kind's facts over `edge` (the scope's whole range when absent): the whole slots of the first
 * rollup that answers, and its partial slots at either end the same way through the rollups of
 * finer slots (a week's rollup, then a day's), down to the events. A year read from weekly slots
 * reads at most six whole days at either end from a daily rollup, and only the hours before the
 * first and after the last whole day from the events.
 */
async function kindFactsSql(
  part: Part,
  filters: FilterQuery,
  kind: EventKind,
  rollups: readonly RollupDef[],
  exact: ExactSlots,
  edge?: Edge,
): Promise<string[]> {
  const range = edge?.range ?? part.scope.range;
  const rollup = await rollupRead(part, kind, rollups, filters, range, exact, edge?.name);
  if (!rollup) return [await eventFactsSql(part, filters, kind, edge)];
  const finer = rollup.def.slotMs > DESCEND_ABOVE_MS ? rollups.filter((def) => def.slotMs < rollup.def.slotMs) : [];
  const parts: string[] = [];
  for (const inner of rollup.edges) parts.push(...(await kindFactsSql(part, filters, kind, finer, exact, inner)));
  parts.push(
    rollupFactsSql(
      rollup.schema,
      kind,
      rollup.def,
      part.key.names,
      part.scope.workspaceId,
      rollup.slots,
      part.p,
      rollup.conditions,
      edge?.name,
    ),
  );
  return parts;
}

/** The UNION ALL, its values bound in `p`. */
export async function factsSql(
  store: Store,
  query: FactsQuery,
  scope: ListScope,
  key: FactKey,
  p: SqlParams,
  exact: ExactSlots = anySlots,
): Promise<string> {
  // On the ClickHouse store every groupBy counts its events there (../clickhouse/analytics.ts, breakdownSql.ts).
  if (store.clickhouse)
    throw new Error("factsSql reads the DuckDB store's events: the ClickHouse store counts its own");
  const part: Part = { store, scope, key, p, linkIds: new Map() };
  const parts: string[] = [];
  for (const kind of kindsOf(query.event))
    parts.push(...(await kindFactsSql(part, filtersFor(query, kind), kind, key.rollups, exact)));
  return parts.join("\nUNION ALL\n");
}

/** Sums of the four metrics over facts aliased `f`, named as the SQL reads them back. */
export const METRIC_SUMS =
  "coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, " +
  "coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount";
