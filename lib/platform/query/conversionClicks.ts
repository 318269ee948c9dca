import type { DuckDBConnection } from "@duckdb/node-api";

/**
 * The clicks that led to a lead or a sale, copied once per connection into a temp table.
 * Leads and sales reference clicks by id, and click ids are random, so finding them in
 * click_events means scanning every click; this copy is a few percent of the clicks.
 * Valid because the platform opens the store read-only: the data cannot change under it.
 */
export const CONVERSION_CLICKS = "conversion_clicks";

export async function createConversionClicks(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${CONVERSION_CLICKS} AS
    SELECT c.* FROM click_events c
    WHERE c.id IN (SELECT click_id FROM lead_events UNION SELECT click_id FROM sale_events)`);
  await conn.run(`CREATE INDEX ${CONVERSION_CLICKS}_id ON ${CONVERSION_CLICKS} (id)`);
}
