import type { Metrics } from "../../contract/analytics";
import { chCount } from "../clickhouse/analytics";
import { factsSql, METRIC_SUMS, type FactsQuery } from "./analyticsFacts";
import { readMetrics } from "./analyticsMetrics";
import { NO_KEY } from "./factKeys";
import type { ListScope } from "./scope";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

/** groupBy=count: the four metrics over the range and filters, in one query. */
export async function analyticsCount(store: Store, query: FactsQuery, scope: ListScope): Promise<Metrics> {
  if (store.clickhouse) return chCount(store.db, store.clickhouse, query, scope);
  const p = new SqlParams();
  const facts = await factsSql(store, query, scope, NO_KEY, p);
  const [row] = await store.db.all(
    `WITH f AS (
${facts}
)
SELECT ${METRIC_SUMS} FROM f`,
    p.values,
  );
  if (!row) throw new Error("an aggregate without GROUP BY returned no row");
  return readMetrics(row);
}
