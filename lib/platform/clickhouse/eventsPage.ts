import type { EventKind } from "../../contract/dimensions";
import type { EventsQuery } from "../../contract/query";
import type { Row } from "../query/db";
import { EVENT_TABLE } from "../query/eventTables";
import { checkPageDepth } from "../query/pageDepth";
import type { EventSpan } from "../query/pageWindow";
import { ROW_COLUMNS } from "../query/pageQuery";
import { CLICK_COLUMNS, readClick } from "../query/records";
import { date, num, str } from "../query/rows";
import { sqlInt } from "../query/sqlParams";
import type { ListScope } from "../query/scope";
import type { Store } from "../query/store";
import type { ClickRecord } from "../../contract/events";
import { ChParams } from "./chParams";
import type { ChDb } from "./clickhouseDb";
import { chEventWhere } from "./eventWhere";

/**
 * GET /events on the ClickHouse event store: a page of one kind's events, and the clicks its
 * leads and sales came from. The page is one statement: ClickHouse reads only the columns it
 * returns, and the table's order (workspace, time) bounds what it reads. Links and customers are
 * read where they live (query/lookups.ts).
 */

async function readSpan(events: ChDb, workspaceId: string, kind: EventKind): Promise<EventSpan> {
  const p = new ChParams();
  const [row] = await events.all(
    `SELECT count() AS n, min(timestamp) AS first, max(timestamp) AS last FROM ${EVENT_TABLE[kind]} WHERE workspace_id = ${p.add("ws", workspaceId)}`,
    p.values,
  );
  return { count: num(row, "n"), first: date(row, "first"), last: date(row, "last") };
}

/** The page's full rows in page order, or [] when it lies past the workspace's last event of the kind. */
export async function chPageRows(store: Store, events: ChDb, query: EventsQuery, scope: ListScope): Promise<Row[]> {
  const kind = query.event;
  const offset = (query.page - 1) * query.limit;
  const span = await store.spans.through(scope.workspaceId, kind, () => readSpan(events, scope.workspaceId, kind));
  if (offset >= span.count) return [];
  checkPageDepth(query);
  const p = new ChParams();
  const where = await chEventWhere(store.db, query, { ...scope, kind }, p);
  const dir = query.sortOrder === "asc" ? "ASC" : "DESC";
  // id breaks timestamp ties so consecutive pages are disjoint.
  return events.all(
    `SELECT ${ROW_COLUMNS[kind]} FROM ${EVENT_TABLE[kind]} e
WHERE ${where}
ORDER BY e.timestamp ${dir}, e.id ${dir} LIMIT ${sqlInt(query.limit)} OFFSET ${sqlInt(offset)}`,
    p.values,
  );
}

/** The clicks of the workspace with these ids, by id (the ids' bloom filter skips most of its clicks). */
export async function chFetchClicks(
  events: ChDb,
  workspaceId: string,
  ids: Iterable<string>,
): Promise<Map<string, ClickRecord>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, ClickRecord>();
  if (unique.length === 0) return out;
  const p = new ChParams();
  const rows = await events.all(
    `SELECT ${CLICK_COLUMNS} FROM click_events e WHERE e.workspace_id = ${p.add("ws", workspaceId)} AND has(${p.list("ids", unique)}, e.id)`,
    p.values,
  );
  for (const row of rows) out.set(str(row, "id"), readClick(row));
  return out;
}
