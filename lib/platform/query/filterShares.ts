import type { EventKind, FilterParam } from "../../contract/dimensions";
import type { FilterClause } from "../../contract/query";
import type { Db } from "./db";
import { FILTER_SQL } from "./dimensionSql";
import { EVENT_TABLE } from "./eventTables";
import type { FilterQuery } from "./eventWhere";
import type { EventSpan } from "./pageWindow";
import { num, nstr } from "./rows";
import { SqlParams } from "./sqlParams";

/**
 * What share of a workspace's recent events the filters of a page keep: an estimate that sizes
 * the first slice of a page (pageWindow.ts) so that one statement fills it, never a result. A
 * column's values are counted once over the workspace's last SAMPLE_EVENTS events of the kind
 * (a time bound: zone maps skip the rest) and kept; filters are taken as independent. A wrong
 * estimate costs a statement (the next, wider slice), not a wrong page.
 */

/** How many of the newest events a column's values are counted over. */
export const SAMPLE_EVENTS = 50_000;

/** The columns whose shares are counted: the click's (every kind carries them) and the sale type. */
const SALE_TYPE_COLUMN = "sale_type";

/** The share assumed for the filters no count answers (a link's attributes, metadata, a customer): 1 in 16, as before counts. */
export const UNKNOWN_SHARE = 1 / 16;

interface ValueCounts {
  total: number;
  byValue: Map<string, number>;
}

/** Each workspace's value counts per kind and column, read once (a request's read kept only when it succeeds). */
export class ValueShares {
  private readonly counts = new Map<string, ValueCounts>();

  async of(db: Db, workspaceId: string, kind: EventKind, column: string, span: EventSpan): Promise<ValueCounts> {
    const key = `${workspaceId} ${kind} ${column}`;
    const known = this.counts.get(key);
    if (known) return known;
    const counts = await readCounts(db, workspaceId, kind, column, span);
    this.counts.set(key, counts);
    return counts;
  }
}

async function readCounts(
  db: Db,
  workspaceId: string,
  kind: EventKind,
  column: string,
  span: EventSpan,
): Promise<ValueCounts> {
  const spanMs = Math.max(1, span.last.getTime() - span.first.getTime());
  const since = span.last.getTime() - Math.ceil((SAMPLE_EVENTS * spanMs) / Math.max(1, span.count));
  const p = new SqlParams();
  // `column` is a name from FILTER_SQL or SALE_TYPE_COLUMN, never a request's text.
  const rows = await db.all(
    `SELECT e.${column}::VARCHAR AS v, count(*)::BIGINT AS n FROM ${EVENT_TABLE[kind]} e
WHERE e.workspace_id = ${p.add("ws", workspaceId)} AND e.timestamp >= ${p.timestamp("since", new Date(since))}
GROUP BY 1`,
    p.values,
  );
  const byValue = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const n = num(row, "n");
    total += n;
    const value = nstr(row, "v");
    if (value !== null) byValue.set(value, n);
  }
  return { total, byValue };
}

/** The share of counted events a clause keeps, in (0, 1]: a value not among them is taken as rarer than one in the count. */
function clauseShare(counts: ValueCounts, clause: FilterClause): number {
  if (counts.total === 0) return 1;
  const matching = clause.values.reduce((sum, value) => sum + (counts.byValue.get(value) ?? 0), 0);
  const kept = clause.exclude ? counts.total - matching : matching;
  return Math.min(1, Math.max(kept, 1) / (counts.total + 1));
}

/** The column a filter's share is counted by; null when none is. */
function countedColumn(param: FilterParam): string | null {
  const rule = FILTER_SQL[param];
  if (rule.level === "click") return rule.column;
  return param === "saleType" ? SALE_TYPE_COLUMN : null;
}

/** The estimated share of the kind's events the query's filters keep, in (0, 1]. */
export async function filterShare(
  db: Db,
  shares: ValueShares,
  query: FilterQuery,
  workspaceId: string,
  kind: EventKind,
  span: EventSpan,
): Promise<number> {
  if (span.count === 0) return 1;
  let unknown = query.metadata.length > 0;
  const known: Promise<number>[] = [];
  for (const [param, clause] of Object.entries(query.filters) as [FilterParam, FilterClause | undefined][]) {
    if (!clause) continue;
    const column = countedColumn(param);
    if (column === null) unknown = true;
    else known.push(shares.of(db, workspaceId, kind, column, span).then((counts) => clauseShare(counts, clause)));
  }
  const product = (await Promise.all(known)).reduce((a, b) => a * b, 1);
  return unknown ? product * UNKNOWN_SHARE : product;
}
