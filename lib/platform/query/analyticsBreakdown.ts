import { MAX_BREAKDOWN_ROWS, ORDER_METRIC, type BreakdownRow } from "../../contract/analytics";
import type { BreakdownGroupBy } from "../../contract/dimensions";
import { chBreakdownRows, kindFilters } from "../clickhouse/analytics";
import { clickhouseFacts } from "../clickhouse/facts";
import { CLICKHOUSE_BREAKDOWN } from "../clickhouse/breakdownSql";
import { factsSql, METRIC_SUMS, type FactsQuery } from "./analyticsFacts";
import { METRIC_COLUMN, readMetrics } from "./analyticsMetrics";
import { BREAKDOWN_SQL } from "./dimensionSql";
import type { ListScope } from "./scope";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

/** A key whose events were all taken out again (a deleted link's, until the rollups fold) is no row. */
const NONEMPTY = "coalesce(sum(f.clicks), 0) + coalesce(sum(f.leads), 0) + coalesce(sum(f.sales), 0) > 0";

/**
 * A breakdown: rows of the dimension's key and metrics, by the event's metric descending, then
 * by key. The facts are counted by the dimension's key (BREAKDOWN_SQL in dimensionSql.ts), then
 * joined to what the rows show.
 */
export async function analyticsBreakdown<K extends BreakdownGroupBy>(
  store: Store,
  groupBy: K,
  query: FactsQuery,
  scope: ListScope,
): Promise<BreakdownRow<K>[]> {
  const dimension = BREAKDOWN_SQL[groupBy];
  const onClickHouse = CLICKHOUSE_BREAKDOWN[groupBy];
  if (store.clickhouse && onClickHouse.on === "clickhouse") {
    const rows = await chBreakdownRows(store.db, store.clickhouse, onClickHouse.key, query, scope, MAX_BREAKDOWN_ROWS);
    return rows.map((row) => ({ ...dimension.read(row), ...readMetrics(row) }) as BreakdownRow<K>);
  }
  const p = new SqlParams();
  const facts =
    store.clickhouse && onClickHouse.on === "links"
      ? await clickhouseFacts(store.db, store.clickhouse, kindFilters(query), scope, onClickHouse.key, p)
      : await factsSql(store, query, scope, dimension.key, p);
  const joins = dimension.joins ? ` ${dimension.joins(p.add("ws", scope.workspaceId))}` : "";
  const select = dimension.select.map(([expr, alias]) => `${expr} AS ${alias}`).join(", ");
  const sql = `WITH f AS (
${facts}
)
SELECT ${select}, ${METRIC_SUMS}
FROM f${joins}${
    dimension.where
      ? `
WHERE ${dimension.where}`
      : ""
  }
GROUP BY ${dimension.select.map(([expr]) => expr).join(", ")}
HAVING ${NONEMPTY}
ORDER BY ${METRIC_COLUMN[ORDER_METRIC[query.event]]} DESC, ${dimension.order.join(", ")}
LIMIT ${MAX_BREAKDOWN_ROWS}`;
  const rows = await store.db.all(sql, p.values);
  return rows.map((row) => ({ ...dimension.read(row), ...readMetrics(row) }) as BreakdownRow<K>);
}
