import type { EventKind } from "../../contract/dimensions";
import type { Db, Row } from "../query/db";
import { EVENT_TABLE } from "../query/eventTables";
import type { FilterQuery, LinkIdsMemo } from "../query/eventWhere";
import type { ListScope } from "../query/scope";
import type { SqlParams } from "../query/sqlParams";
import { ChParams } from "./chParams";
import type { ChDb } from "./clickhouseDb";
import { chEventWhere, chFilterConditions } from "./eventWhere";
import { ROLLUP_METRICS, rollupRead, type RollupKey } from "./rollups";

/**
 * The facts of an analytics query (query/analyticsFacts.ts) counted on the ClickHouse event
 * store: per kind, its events matching its filters counted by the key, summed per key across
 * kinds, in one statement there. Where a rollup answers the kind's key and filters (rollups.ts),
 * its whole slots are read there and only the partial slots at the range's ends from the events. They come back as few rows as the key has values (a link, a
 * country, a 15-minute slot), and are handed to DuckDB as the same `f` the DuckDB store's facts
 * are, bound as list parameters: the rest of the query (joins to links, tags and partners, the
 * time buckets in the query's zone, order and limit) is the same SQL on either store.
 */

const METRICS: Record<EventKind, string> = {
  clicks: "toInt64(count()) AS clicks, toInt64(0) AS leads, toInt64(0) AS sales, toInt64(0) AS sale_amount",
  leads: "toInt64(0) AS clicks, toInt64(count()) AS leads, toInt64(0) AS sales, toInt64(0) AS sale_amount",
  sales: "toInt64(0) AS clicks, toInt64(0) AS leads, toInt64(count()) AS sales, toInt64(sum(e.amount)) AS sale_amount",
};

const METRIC_NAMES = ["clicks", "leads", "sales", "sale_amount"] as const;

/** A key on ClickHouse: output names and their expressions over the event `e` (values bound in the statement's ChParams). */
export interface ChKey {
  names: readonly string[];
  exprs: readonly string[];
  /** How a rollup row gives the key, when one can (rollups.ts); absent: the events only. */
  rollup?: RollupKey;
}

/** A key whose facts are handed to DuckDB: the DuckDB type each of its columns comes back as. */
export interface ChFactKey extends ChKey {
  types: readonly ("VARCHAR" | "BIGINT")[];
}

export interface KindFilters {
  kind: EventKind;
  filters: FilterQuery;
}

/** The ClickHouse statement of the facts, its values bound in `p`: one row per value of the key, the metrics summed over the kinds. */
export async function chFactsStatement(
  links: Db,
  parts: readonly KindFilters[],
  scope: ListScope,
  key: ChKey,
  p: ChParams,
): Promise<string> {
  const linkIds: LinkIdsMemo = new Map();
  const names = key.names;
  const select = (exprs: readonly string[], metrics: string, from: string, where: string) => {
    const keys = exprs.map((expr, i) => `${expr} AS ${names[i]}, `).join("");
    const groupBy = exprs.length > 0 ? `\nGROUP BY ${exprs.join(", ")}` : "";
    return `SELECT ${keys}${metrics} FROM ${from} e\nWHERE ${where}${groupBy}`;
  };
  const selects: string[] = [];
  for (const { kind, filters } of parts) {
    const read = rollupRead(key.rollup, filters, scope.range);
    if (!read || !key.rollup) {
      const where = await chEventWhere(links, filters, { ...scope, kind }, p, linkIds);
      selects.push(select(key.exprs, METRICS[kind], EVENT_TABLE[kind], where));
      continue;
    }
    const slot = read.def.slot;
    for (const edge of read.edges) {
      const where = await chEventWhere(
        links,
        filters,
        { ...scope, range: edge.range, kind },
        p,
        linkIds,
        `${slot}_${edge.name}_`,
      );
      selects.push(select(key.exprs, METRICS[kind], EVENT_TABLE[kind], where));
    }
    const where = [
      `e.workspace_id = ${p.add("ws", scope.workspaceId)}`,
      // The kind is one of EVENT_KINDS, written as a literal like the table it stands for.
      `e.kind = '${kind}'`,
      `e.slot >= ${p.timestamp(`${slot}_from`, read.slots.start)}`,
      `e.slot < ${p.timestamp(`${slot}_to`, read.slots.end)}`,
      ...(await chFilterConditions(links, filters, { ...scope, kind }, p, linkIds)),
    ].join("\n  AND ");
    selects.push(select(key.rollup.exprs("e.slot"), ROLLUP_METRICS[kind], read.def.table, where));
  }
  const outerKeys = names.map((name) => `${name}, `).join("");
  const outerGroup = names.length > 0 ? `\nGROUP BY ${names.join(", ")}` : "";
  return `SELECT ${outerKeys}${METRIC_NAMES.map((m) => `toInt64(sum(${m})) AS ${m}`).join(", ")} FROM (
${selects.join("\nUNION ALL\n")}
)${outerGroup}`;
}

const text = (row: Row, column: string) => String(row[column]);

/** The facts' rows as DuckDB's `f`: one list parameter per column, unnested side by side. */
export function factsAsDuckDb(rows: readonly Row[], key: ChFactKey, p: SqlParams): string {
  const columns = [
    ...key.names.map((name, i) => [name, key.types[i]] as const),
    ...METRIC_NAMES.map((m) => [m, "BIGINT"] as const),
  ];
  if (rows.length === 0)
    return `SELECT ${columns.map(([name, type]) => `NULL::${type} AS ${name}`).join(", ")} WHERE false`;
  return `SELECT ${columns
    .map(([name, type]) => {
      const list = p.list(
        `facts_${name}`,
        rows.map((row) => text(row, name)),
      );
      return type === "VARCHAR" ? `unnest(${list}) AS ${name}` : `unnest(${list})::BIGINT AS ${name}`;
    })
    .join(", ")}`;
}

/** The facts, counted on ClickHouse, as a DuckDB statement reading them from `p`. */
export async function clickhouseFacts(
  links: Db,
  events: ChDb,
  parts: readonly KindFilters[],
  scope: ListScope,
  key: ChFactKey,
  p: SqlParams,
): Promise<string> {
  const cp = new ChParams();
  const rows = await events.all(await chFactsStatement(links, parts, scope, key, cp), cp.values);
  return factsAsDuckDb(rows, key, p);
}
