import type { DuckDBConnection } from "@duckdb/node-api";

/**
 * The clicks that led to a lead or a sale. Leads and sales reference clicks by id, and click ids
 * are random, so finding them in click_events means scanning every click; this copy is a few
 * percent of the clicks. It is one table in the in-memory database of derived state
 * (../openPlatform.ts), kept true by the writer (../write/storeWriter.ts) as leads and sales
 * arrive; every connection reads it through a temp view of this name.
 */
export const CONVERSION_CLICKS = "conversion_clicks";

/** Fills the shared table in `schema` from the store; `run` executes one statement on any connection. */
export async function createConversionClicks(run: (sql: string) => Promise<void>, schema: string): Promise<void> {
  await run(`CREATE TABLE ${schema}.${CONVERSION_CLICKS} AS
    SELECT c.* FROM click_events c
    WHERE c.id IN (SELECT click_id FROM lead_events UNION SELECT click_id FROM sale_events)`);
  await run(`CREATE INDEX ${CONVERSION_CLICKS}_id ON ${schema}.${CONVERSION_CLICKS} (id)`);
}

/** Gives a connection the name the queries use for the shared table. */
export async function useConversionClicks(conn: DuckDBConnection, schema: string): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP VIEW ${CONVERSION_CLICKS} AS SELECT * FROM ${schema}.${CONVERSION_CLICKS}`);
}

/** Copies a click into the shared table unless it is there: before the lead or sale that references it is written. */
export function addConversionClickSql(schema: string): string {
  return `INSERT INTO ${schema}.${CONVERSION_CLICKS}
    SELECT c.* FROM click_events c
    WHERE c.workspace_id = $ws AND c.id = $click_id
      AND NOT EXISTS (SELECT 1 FROM ${schema}.${CONVERSION_CLICKS} cc WHERE cc.id = $click_id)`;
}

/**
 * Copies many clicks into the shared table, those not there yet: before the leads and sales of a
 * batch that reference them are written. `$ws` and `$click_ids` are lists side by side (each
 * click's workspace and id), so the store's clicks are scanned once for all of them.
 */
export function addConversionClicksSql(schema: string): string {
  return `INSERT INTO ${schema}.${CONVERSION_CLICKS}
    SELECT c.* FROM click_events c
    JOIN (SELECT DISTINCT unnest($ws::VARCHAR[]) AS ws, unnest($click_ids::VARCHAR[]) AS id) k ON c.workspace_id = k.ws AND c.id = k.id
    WHERE NOT EXISTS (SELECT 1 FROM ${schema}.${CONVERSION_CLICKS} cc WHERE cc.id = c.id)`;
}
