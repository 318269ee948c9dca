import type { FilterClause, CommonQuery } from "../../contract/query";
import type { EventKind, FilterParam } from "../../contract/dimensions";
import type { Db } from "./db";
import { FILTER_SQL, inList, type FilterCtx, type FilterRule } from "./dimensionSql";
import { str } from "./rows";
import type { EventScope } from "./scope";
import { SqlParams } from "./sqlParams";

/**
 * The WHERE shared by every events query (listing, and the facts of /analytics), from the
 * filters' SQL in dimensionSql.ts. It reads `FROM <EVENT_TABLE[kind]> e` and needs no join, so a
 * caller can join anything else. Link attributes are resolved first to the workspace's matching
 * link ids, passed as one list parameter: a semi-join between the scan and ORDER BY … LIMIT would
 * cost DuckDB its top-N row-group pruning. Click attributes are the event's own columns (leads
 * and sales carry their click's, eventTables.ts). Everything is scoped to the workspace.
 */

export type FilterQuery = Pick<CommonQuery, "filters" | "metadata">;

/** Above this many matching links, a semi-join is cheaper than a list scanned per row. */
const MAX_LINK_LIST = 1000;

type LinkRule = Extract<FilterRule, { level: "link" }>;
type LinkFilter = [FilterParam, LinkRule, FilterClause];
/** What every filter of the query shares; each predicate gets its own `param` beside it. */
type WhereCtx = Omit<FilterCtx, "param"> & { linkIds: LinkIdsMemo };

/**
 * The link ids matching a statement's link filters, read once for the statement: every kind of a
 * composite query has the same link filters, and binds the same list to `$link_ids`.
 */
export type LinkIdsMemo = Map<string, Promise<string[]>>;

function linkPredicates(filters: readonly LinkFilter[], ctx: WhereCtx): string {
  return filters.map(([param, rule, clause]) => rule.predicate(clause, { ...ctx, param })).join(" AND ");
}

async function readLinkIds(filters: readonly LinkFilter[], ctx: WhereCtx): Promise<string[]> {
  const lp = new SqlParams();
  const lctx: WhereCtx = { ...ctx, p: lp, ws: lp.add("ws", ctx.workspaceId) };
  const rows = await ctx.db.all(
    `SELECT l.id FROM links l WHERE l.workspace_id = ${lctx.ws} AND ${linkPredicates(filters, lctx)}`,
    lp.values,
  );
  // Sorted here rather than in SQL (cheaper): the statement's text and values stay the same request after request.
  return rows.map((row) => str(row, "id")).sort();
}

function matchingLinkIds(filters: readonly LinkFilter[], ctx: WhereCtx): Promise<string[]> {
  const key = JSON.stringify([ctx.workspaceId, filters.map(([param, , clause]) => [param, clause])]);
  let ids = ctx.linkIds.get(key);
  if (!ids) {
    ids = readLinkIds(filters, ctx);
    ctx.linkIds.set(key, ids);
  }
  return ids;
}

/** `column` (a link id: the event's, or a rollup row's) is one of the links matching every link filter. */
async function linkCondition(filters: readonly LinkFilter[], ctx: WhereCtx, column = "e.link_id"): Promise<string> {
  const ids = await matchingLinkIds(filters, ctx);
  if (ids.length === 0) return "FALSE";
  if (ids.length <= MAX_LINK_LIST) return `list_contains(${ctx.p.list("link_ids", ids)}, ${column})`;
  return `${column} IN (SELECT l.id FROM links l WHERE l.workspace_id = ${ctx.ws} AND ${linkPredicates(filters, ctx)})`;
}

/**
 * WHERE condition (without the keyword) over `<EVENT_TABLE[kind]> e` for the workspace, the
 * [start, end) range and every filter of the query, its values bound in `p`. Pass the statement's
 * `linkIds` when it holds several kinds.
 */
export async function eventWhere(
  db: Db,
  query: FilterQuery,
  scope: EventScope,
  p: SqlParams,
  linkIds: LinkIdsMemo = new Map(),
): Promise<string> {
  const ws = p.add("ws", scope.workspaceId);
  const bound = scope.edge ? `${scope.edge}_` : "";
  const where = [
    `e.workspace_id = ${ws}`,
    `e.timestamp >= ${p.timestamp(`${bound}start`, scope.range.start)}`,
    `e.timestamp < ${p.timestamp(`${bound}end`, scope.range.end)}`,
  ];
  const ctx: WhereCtx = {
    db,
    p,
    workspaceId: scope.workspaceId,
    ws,
    kind: scope.kind,
    metadata: query.metadata,
    linkIds,
  };
  const linkFilters: LinkFilter[] = [];

  for (const [param, clause] of Object.entries(query.filters) as [FilterParam, FilterClause | undefined][]) {
    if (!clause) continue;
    const rule = FILTER_SQL[param];
    switch (rule.level) {
      case "click":
        where.push(inList(`e.${rule.column}`, clause, p, param, rule.nullable));
        break;
      case "link":
        linkFilters.push([param, rule, clause]);
        break;
      case "event":
        where.push(await rule.predicate(clause, { ...ctx, param }));
        break;
    }
  }
  if (linkFilters.length > 0) where.push(await linkCondition(linkFilters, ctx));
  return where.join("\n  AND ");
}

function linkFiltersOf(query: FilterQuery): LinkFilter[] {
  const filters: LinkFilter[] = [];
  for (const [param, clause] of Object.entries(query.filters) as [FilterParam, FilterClause | undefined][]) {
    const rule = FILTER_SQL[param];
    if (clause && rule.level === "link") filters.push([param, rule, clause]);
  }
  return filters;
}

/**
 * The query's link filters as one condition on `column`, a rollup row's link id
 * (analyticsFacts.ts), bound as eventWhere binds them (the same `$link_ids`); null without any.
 */
export async function linkIdCondition(
  db: Db,
  query: FilterQuery,
  scope: EventScope,
  p: SqlParams,
  linkIds: LinkIdsMemo,
  column: string,
): Promise<string | null> {
  const filters = linkFiltersOf(query);
  if (filters.length === 0) return null;
  const ctx: WhereCtx = {
    db,
    p,
    workspaceId: scope.workspaceId,
    ws: p.add("ws", scope.workspaceId),
    kind: scope.kind,
    metadata: query.metadata,
    linkIds,
  };
  return linkCondition(filters, ctx, column);
}

/**
 * The workspace's link ids matching every link filter of the query, read from the links here;
 * null when the query has none. For an event store kept elsewhere (../clickhouse), which tests
 * the events' link ids against this list.
 */
export function linkIdsFor(
  db: Db,
  workspaceId: string,
  kind: EventKind,
  query: FilterQuery,
  linkIds: LinkIdsMemo,
): Promise<string[]> | null {
  const filters = linkFiltersOf(query);
  if (filters.length === 0) return null;
  const p = new SqlParams();
  return matchingLinkIds(filters, {
    db,
    p,
    workspaceId,
    ws: p.add("ws", workspaceId),
    kind,
    metadata: query.metadata,
    linkIds,
  });
}
