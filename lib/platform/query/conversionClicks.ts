import type { DuckDBConnection } from "@duckdb/node-api";

/**
 * The clicks that led to a lead or a sale. Leads and sales reference clicks by id, and click ids
 * are random, so finding them in click_events means scanning every click; this copy is a few
 * percent of the clicks. It is kept in the file (conversionStore.ts: written by the seed, kept by
 * the writer in the lead's or sale's transaction, ../write/conversionClickWrites.ts), or built in
 * the in-memory database of derived state for a file opened read-only that holds none that match
 * (../openPlatform.ts); every connection reads it through a temp view of this name.
 */
export const CONVERSION_CLICKS = "conversion_clicks";

/** The table of `schema` from the store's events: in click_events' order (workspace, time), so a workspace's rows are together. */
export const conversionClicksBuildSql = (schema: string): string =>
  `CREATE TABLE ${schema}.${CONVERSION_CLICKS} AS
    SELECT c.* FROM click_events c
    WHERE c.id IN (SELECT click_id FROM lead_events UNION SELECT click_id FROM sale_events)
    ORDER BY c.workspace_id, c.timestamp, c.id`;

/** Fills the table in `schema` from the store, and its index by id; `run` executes one statement on any connection. */
export async function createConversionClicks(run: (sql: string) => Promise<void>, schema: string): Promise<void> {
  await run(conversionClicksBuildSql(schema));
  await run(`CREATE INDEX ${CONVERSION_CLICKS}_id ON ${schema}.${CONVERSION_CLICKS} (id)`);
}

/** Gives a connection the name the queries use for the table of `schema`. */
export async function useConversionClicks(conn: DuckDBConnection, schema: string): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP VIEW ${CONVERSION_CLICKS} AS SELECT * FROM ${schema}.${CONVERSION_CLICKS}`);
}

/**
 * Copies many clicks into the table of `schema`, those not there yet: before the leads and sales
 * of a batch that reference them are written, in their transaction. `$ws` and `$click_ids` are
 * lists side by side (each click's workspace and id), so the store's clicks are scanned once for all of them.
 */
export function addConversionClicksSql(schema: string): string {
  return `INSERT INTO ${schema}.${CONVERSION_CLICKS}
    SELECT c.* FROM click_events c
    JOIN (SELECT DISTINCT unnest($ws::VARCHAR[]) AS ws, unnest($click_ids::VARCHAR[]) AS id) k ON c.workspace_id = k.ws AND c.id = k.id
    WHERE NOT EXISTS (SELECT 1 FROM ${schema}.${CONVERSION_CLICKS} cc WHERE cc.id = c.id)`;
}
