import type { AnalyticsEvent } from "../../contract/analytics";
import type { CommonQuery, FilterClauses } from "../../contract/query";
import { EVENT_KINDS, FILTER_LIST, appliesTo, filterDef, type EventKind } from "../../filters/table";
import { CONVERSION_CLICKS } from "./conversionClicks";
import type { Db } from "./db";
import { EVENT_TABLE, eventWhere, type FilterQuery } from "./filterSql";
import type { ListScope } from "./eventsQuery";
import type { SqlParams } from "./sqlParams";

/**
 * The "facts" of an analytics query: per event kind, the events matching that kind's filters
 * (the same WHERE as GET /events), counted per grouping key, as one UNION ALL with the columns
 * `<key names>, clicks, leads, sales, sale_amount`. A group appears once per kind that has
 * events in it; callers sum the kinds per key.
 */

/** What the facts are counted by. Expressions read `e` (the event) and, when `needsClick`, `cc` (its click). */
export interface FactKey {
  names: readonly string[];
  exprs(kind: EventKind): readonly string[];
  needsClick(kind: EventKind): boolean;
}

export const NO_KEY: FactKey = { names: [], exprs: () => [], needsClick: () => false };

/** Columns of the click: the event's own row for clicks, the conversion's click for leads and sales. */
export function clickKey(columns: readonly string[]): FactKey {
  return {
    names: columns,
    exprs: (kind) => columns.map((column) => `${kind === "clicks" ? "e" : "cc"}.${column}`),
    needsClick: (kind) => kind !== "clicks",
  };
}

export const LINK_KEY: FactKey = { names: ["link_id"], exprs: () => ["e.link_id"], needsClick: () => false };

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

/** The UNION ALL, its placeholders numbered in `p`. */
export async function factsSql(db: Db, query: FactsQuery, scope: ListScope, key: FactKey, p: SqlParams): Promise<string> {
  const parts: string[] = [];
  for (const kind of kindsOf(query.event)) {
    const where = await eventWhere(db, filtersFor(query, kind), { ...scope, kind }, p);
    const exprs = key.exprs(kind);
    const keys = exprs.map((expr, i) => `${expr} AS ${key.names[i]}, `).join("");
    const join = key.needsClick(kind) ? ` JOIN ${CONVERSION_CLICKS} cc ON cc.id = e.click_id` : "";
    const groupBy = exprs.length > 0 ? ` GROUP BY ${exprs.join(", ")}` : "";
    parts.push(`SELECT ${keys}${METRIC_COLUMNS[kind]} FROM ${EVENT_TABLE[kind]} e${join} WHERE ${where.sql}${groupBy}`);
  }
  return parts.join("\nUNION ALL\n");
}

/** Sums of the four metrics over facts aliased `f`, named as the SQL reads them back. */
export const METRIC_SUMS =
  "coalesce(sum(f.clicks), 0)::BIGINT AS clicks, coalesce(sum(f.leads), 0)::BIGINT AS leads, " +
  "coalesce(sum(f.sales), 0)::BIGINT AS sales, coalesce(sum(f.sale_amount), 0)::BIGINT AS sale_amount";
