import type { DateRange } from "../../contract/dateRange";
import type { EventsQuery } from "../../contract/query";
import type { EventKind } from "../../filters/table";
import type { Db, Row } from "./db";
import { EVENT_TABLE, eventWhere } from "./filterSql";
import { CLICK_COLUMNS } from "./records";
import { date, str } from "./rows";
import { SqlParams, sqlInt, type SqlFragment } from "./sqlParams";

/**
 * A page of events in two steps. First the page's ids alone: sorting narrow rows keeps
 * DuckDB's top-N cheap, deep pages included. Then the page's full rows, with the same filter
 * narrowed to the page's time span (zone maps skip the rest) and its ids.
 */

export interface ListScope {
  workspaceId: string;
  range: DateRange;
}

/** What the first step keeps: enough to fetch the rest of the page side by side. */
const PAGE_COLUMNS: Record<EventKind, string> = {
  clicks: "e.id, e.timestamp, e.link_id",
  leads: "e.id, e.timestamp, e.link_id, e.click_id, e.customer_id",
  sales: "e.id, e.timestamp, e.link_id, e.click_id, e.customer_id",
};

const CONVERSION_COLUMNS = "e.id, e.click_id, e.link_id, e.customer_id, e.timestamp, e.event_name, e.metadata";
const ROW_COLUMNS: Record<EventKind, string> = {
  clicks: `${CLICK_COLUMNS}, e.link_id`,
  leads: CONVERSION_COLUMNS,
  sales: `${CONVERSION_COLUMNS}, e.amount, e.currency, e.invoice_id, e.payment_processor`,
};

export interface PagePlan {
  /** Step one: the page's ids and what the other queries need. */
  page: SqlFragment;
  /** The filter, reused by step two so it scans no more than step one did. */
  where: string;
  params: SqlParams;
}

export async function planPage(db: Db, query: EventsQuery, scope: ListScope): Promise<PagePlan> {
  const params = new SqlParams();
  const where = await eventWhere(db, query, { ...scope, kind: query.event }, params);
  const dir = query.sortOrder === "asc" ? "ASC" : "DESC";
  const offset = (query.page - 1) * query.limit;
  // id breaks timestamp ties so consecutive pages are disjoint.
  const sql = `SELECT ${PAGE_COLUMNS[query.event]} FROM ${EVENT_TABLE[query.event]} e WHERE ${where.sql}
    ORDER BY e.timestamp ${dir}, e.id ${dir} LIMIT ${sqlInt(query.limit)} OFFSET ${sqlInt(offset)}`;
  return { page: { sql, params: [...params.values] }, where: where.sql, params };
}

/**
 * Full rows of the page, in the page's order: the same filter, narrowed to the page's time
 * span (zone maps skip the rest) and its ids. Dates are truncated to milliseconds, hence the
 * exclusive upper bound one millisecond on.
 */
export async function pageRows(db: Db, kind: EventKind, plan: PagePlan, page: Row[]): Promise<Row[]> {
  if (page.length === 0) return [];
  const times = page.map((row) => date(row, "timestamp").getTime());
  const p = plan.params.fork();
  const sql = `SELECT ${ROW_COLUMNS[kind]} FROM ${EVENT_TABLE[kind]} e WHERE ${plan.where}
    AND e.timestamp >= ${p.timestamp(new Date(Math.min(...times)))} AND e.timestamp < ${p.timestamp(new Date(Math.max(...times) + 1))}
    AND list_contains(${p.stringList(page.map((row) => str(row, "id")))}, e.id)`;
  const byId = new Map((await db.all(sql, p.values)).map((row) => [str(row, "id"), row]));
  return page.map((row) => {
    const full = byId.get(str(row, "id"));
    if (!full) throw new Error(`event ${str(row, "id")} vanished between the two page queries`);
    return full;
  });
}

