import type { FilterClause } from "../../contract/query";
import type { FilterParam } from "../../contract/dimensions";
import type { Db } from "../query/db";
import { linkIdsFor, type FilterQuery, type LinkIdsMemo } from "../query/eventWhere";
import type { EventScope } from "../query/scope";
import type { ChParams } from "./chParams";
import { chInList, CLICKHOUSE_FILTER_SQL } from "./dimensionSql";

/**
 * query/eventWhere.ts on the ClickHouse event store: the WHERE over `<table> e` for the
 * workspace, the [start, end) range (the table's order: workspace, time) and every filter, from
 * CLICKHOUSE_FILTER_SQL. Link filters are answered by the links in `links` (DuckDB) as one list.
 */
export async function chEventWhere(
  links: Db,
  query: FilterQuery,
  scope: EventScope,
  p: ChParams,
  linkIds: LinkIdsMemo = new Map(),
  /** Names a partial slot's bounds (a range whose whole slots come from a rollup: facts.ts). */
  boundsName = "",
): Promise<string> {
  const where = [
    `e.workspace_id = ${p.add("ws", scope.workspaceId)}`,
    `e.timestamp >= ${p.timestamp(`${boundsName}start`, scope.range.start)}`,
    `e.timestamp < ${p.timestamp(`${boundsName}end`, scope.range.end)}`,
    ...(await chFilterConditions(links, query, scope, p, linkIds)),
  ];
  return where.join("\n  AND ");
}

/**
 * Every filter's condition over `e`: an event, or a rollup row (rollups.ts) keeping the columns
 * the filters test under the events' names (click columns and the link).
 */
export async function chFilterConditions(
  links: Db,
  query: FilterQuery,
  scope: EventScope,
  p: ChParams,
  linkIds: LinkIdsMemo,
): Promise<string[]> {
  const ws = p.add("ws", scope.workspaceId);
  const where: string[] = [];
  for (const [param, clause] of Object.entries(query.filters) as [FilterParam, FilterClause | undefined][]) {
    if (!clause) continue;
    const rule = CLICKHOUSE_FILTER_SQL[param];
    if (rule.level === "click") where.push(chInList(`e.${rule.column}`, clause, p, param));
    else if (rule.level === "event")
      where.push(rule.predicate(clause, { p, ws, kind: scope.kind, metadata: query.metadata, param }));
  }
  const ids = linkIdsFor(links, scope.workspaceId, scope.kind, query, linkIds);
  if (ids) {
    const matching = await ids;
    where.push(matching.length === 0 ? "false" : `has(${p.list("link_ids", matching)}, e.link_id)`);
  }
  return where;
}
