import { ORDER_METRIC, type BreakdownRow } from "../../contract/analytics";
import type { BreakdownGroupBy } from "../../contract/groupBy";
import type { Db } from "./db";
import { DIMENSIONS } from "./analyticsDimensions";
import { factsSql, METRIC_SUMS, type FactsQuery } from "./analyticsFacts";
import { METRIC_COLUMN, readMetrics } from "./analyticsMetrics";
import type { ListScope } from "./eventsQuery";
import { SqlParams } from "./sqlParams";

/** Not in the contract: a breakdown lists at most this many rows, the top ones. */
export const MAX_BREAKDOWN_ROWS = 1000;

/** A breakdown: rows of the dimension's key and metrics, by the event's metric descending, then by key. */
export async function analyticsBreakdown<K extends BreakdownGroupBy>(
  db: Db,
  groupBy: K,
  query: FactsQuery,
  scope: ListScope,
): Promise<BreakdownRow<K>[]> {
  const dimension = DIMENSIONS[groupBy];
  const p = new SqlParams();
  const facts = await factsSql(db, query, scope, dimension.key, p);
  const joins = dimension.joins ? dimension.joins(p.add(scope.workspaceId)) : "";
  const select = dimension.select.map(([expr, alias]) => `${expr} AS ${alias}`).join(", ");
  const sql = `WITH f AS (${facts})
    SELECT ${select}, ${METRIC_SUMS} FROM f ${joins}
    ${dimension.where ? `WHERE ${dimension.where}` : ""}
    GROUP BY ${dimension.select.map(([expr]) => expr).join(", ")}
    ORDER BY ${METRIC_COLUMN[ORDER_METRIC[query.event]]} DESC, ${dimension.order.join(", ")}
    LIMIT ${MAX_BREAKDOWN_ROWS}`;
  const rows = await db.all(sql, p.values);
  return rows.map((row) => ({ ...dimension.read(row), ...readMetrics(row) }) as BreakdownRow<K>);
}
