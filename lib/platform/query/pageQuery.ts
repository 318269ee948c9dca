import type { EventsQuery, SortOrder } from "../../contract/query";
import type { EventKind } from "../../contract/dimensions";
import type { Db, Row } from "./db";
import { EVENT_TABLE } from "./eventTables";
import { eventWhere } from "./eventWhere";
import { checkPageDepth } from "./pageDepth";
import { seekPage } from "./pageSeek";
import { filterShare } from "./filterShares";
import { headroomFor, pageWindows, type PageWindow } from "./pageWindow";
import { CLICK_DIMENSIONS } from "./eventTables";
import { CLICK_COLUMNS, selectAs } from "./records";
import { date, str } from "./rows";
import type { ListScope } from "./scope";
import { SqlParams, sqlInt } from "./sqlParams";
import type { Store } from "./store";

/**
 * A page of events. A page at most ONE_STEP_OFFSET deep is one query: DuckDB's top-N fetches
 * the wide columns of the winning rows only. Deeper pages go in two steps, as sorting wide rows
 * past a large offset costs more than a second query: first the page's ids alone, then the page's full rows with
 * the same filter narrowed to the page's time span (zone maps skip the rest) and its ids.
 * Either way the first query tries slices at the sorted end of the range, each wider than the
 * last (pageWindow.ts), before the whole range.
 */

/** What the first of two steps keeps: enough to fetch the rest of the page side by side. */
const PAGE_COLUMNS: Record<EventKind, string> = {
  clicks: "e.id, e.timestamp, e.link_id",
  leads: "e.id, e.timestamp, e.link_id, e.click_id, e.customer_id",
  sales: "e.id, e.timestamp, e.link_id, e.click_id, e.customer_id",
};

/**
 * A lead's or sale's own columns, then its copy of its click's (eventTables.ts): a page's clicks
 * are read from these, and only what the event lacks (the click's time, user agent and IP) from
 * the conversion clicks, so the lookup by click id fetches 4 columns a click instead of 15.
 */
const CONVERSION_COLUMNS = `e.id, e.click_id, e.link_id, e.customer_id, e.timestamp, e.event_name, e.metadata, ${selectAs(
  "e",
  CLICK_DIMENSIONS,
)}`;
export const ROW_COLUMNS: Record<EventKind, string> = {
  clicks: `${CLICK_COLUMNS}, e.link_id`,
  leads: CONVERSION_COLUMNS,
  sales: `${CONVERSION_COLUMNS}, e.amount, e.currency, e.invoice_id, e.payment_processor`,
};

export interface PagePlan {
  kind: EventKind;
  /** The filter, reused by every query of the page so none scans more than it must. */
  where: string;
  params: SqlParams;
  order: SortOrder;
  limit: number;
  offset: number;
  /** The slices tried in turn before the whole range; none when the whole range is no wider. */
  windows: readonly PageWindow[];
}

/**
 * The page's plan, or null when it lies past the workspace's last event of the kind (known
 * without a query once its span is read): then the page is empty whatever the filters, and no
 * statement sorts the range to say so. A page deeper than MAX_PAGE_DEPTH is refused.
 */
export async function planPage(store: Store, query: EventsQuery, scope: ListScope): Promise<PagePlan | null> {
  const kind = query.event;
  const offset = (query.page - 1) * query.limit;
  const span = await store.spans.of(store.db, scope.workspaceId, kind);
  if (offset >= span.count) return null;
  checkPageDepth(query);
  // A deep page: the same page, shallower in a range cut where the rollups count what precedes it.
  const sought = (await seekPage(store, query, scope, kind, offset, query.sortOrder, span)) ?? {
    range: scope.range,
    offset,
  };
  const params = new SqlParams();
  const [where, share] = await Promise.all([
    eventWhere(store.db, query, { ...scope, range: sought.range, kind }, params),
    filterShare(store.db, store.spans.shares, query, scope.workspaceId, kind, span),
  ]);
  const needed = sought.offset + query.limit;
  const windows = pageWindows(span, sought.range, needed, query.sortOrder, headroomFor(share, needed));
  return { kind, where, params, order: query.sortOrder, limit: query.limit, offset: sought.offset, windows };
}

function windowSql(window: PageWindow | null, p: SqlParams): string {
  if (window === null) return "";
  return "after" in window
    ? `
  AND e.timestamp >= ${p.timestamp("window_after", window.after)}`
    : `
  AND e.timestamp < ${p.timestamp("window_before", window.before)}`;
}

/** The page's rows with the given columns, in page order: from the first slice that fills it, else the whole range. */
async function sortedPage(db: Db, plan: PagePlan, columns: string): Promise<Row[]> {
  const dir = plan.order === "asc" ? "ASC" : "DESC";
  const run = (window: PageWindow | null) => {
    const p = plan.params.fork();
    // id breaks timestamp ties so consecutive pages are disjoint.
    const sql = `SELECT ${columns} FROM ${EVENT_TABLE[plan.kind]} e
WHERE ${plan.where}${windowSql(window, p)}
ORDER BY e.timestamp ${dir}, e.id ${dir} LIMIT ${sqlInt(plan.limit)} OFFSET ${sqlInt(plan.offset)}`;
    return db.all(sql, p.values);
  };
  for (const window of plan.windows) {
    const rows = await run(window);
    // A full page from the slice is exact: every row outside it sorts after the page.
    if (rows.length === plan.limit) return rows;
  }
  return run(null);
}

/**
 * Up to this offset (a page not sought, or one a seek left a few rows deep), one statement
 * sorting the wide rows costs less than two: at 10M clicks, page 500 sought to offset 5 took one
 * statement of 8.0 ms against 6.9 + 5.3 (EXPLAIN ANALYZE), page 10 with a filter no more CPU.
 */
export const ONE_STEP_OFFSET = 1_000;

/** The full rows of a page, in page order. */
export async function pageRows(db: Db, plan: PagePlan): Promise<Row[]> {
  if (plan.offset <= ONE_STEP_OFFSET) return sortedPage(db, plan, ROW_COLUMNS[plan.kind]);
  return rowsOf(db, plan, await sortedPage(db, plan, PAGE_COLUMNS[plan.kind]));
}

/**
 * Full rows of the page's ids, in the page's order: the same filter, narrowed to the page's
 * time span and its ids. Dates are truncated to milliseconds, hence the exclusive upper bound
 * one millisecond on.
 */
async function rowsOf(db: Db, plan: PagePlan, page: Row[]): Promise<Row[]> {
  if (page.length === 0) return [];
  const times = page.map((row) => date(row, "timestamp").getTime());
  const p = plan.params.fork();
  const sql = `SELECT ${ROW_COLUMNS[plan.kind]} FROM ${EVENT_TABLE[plan.kind]} e
WHERE ${plan.where}
  AND e.timestamp >= ${p.timestamp("page_from", new Date(Math.min(...times)))} AND e.timestamp < ${p.timestamp("page_to", new Date(Math.max(...times) + 1))}
  AND list_contains(${p.list(
    "page_ids",
    page.map((row) => str(row, "id")),
  )}, e.id)`;
  const byId = new Map((await db.all(sql, p.values)).map((row) => [str(row, "id"), row]));
  return page.map((row) => {
    const full = byId.get(str(row, "id"));
    if (!full) throw new Error(`event ${str(row, "id")} vanished between the two page queries`);
    return full;
  });
}
