import type { Metrics } from "../../contract/analytics";
import type { Db } from "./db";
import { factsSql, METRIC_SUMS, NO_KEY, type FactsQuery } from "./analyticsFacts";
import { readMetrics } from "./analyticsMetrics";
import type { ListScope } from "./eventsQuery";
import { SqlParams } from "./sqlParams";

/** groupBy=count: the four metrics over the range and filters, in one query. */
export async function analyticsCount(db: Db, query: FactsQuery, scope: ListScope): Promise<Metrics> {
  const p = new SqlParams();
  const facts = await factsSql(db, query, scope, NO_KEY, p);
  const [row] = await db.all(`WITH f AS (${facts}) SELECT ${METRIC_SUMS} FROM f`, p.values);
  if (!row) throw new Error("an aggregate without GROUP BY returned no row");
  return readMetrics(row);
}
