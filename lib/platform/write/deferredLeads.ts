import { listValue } from "@duckdb/node-api";
import type { StoreWriter } from "./storeWriter";
import type { WriteTx } from "./writeTx";

/**
 * Deferred lead tracking, as hosted: `/track/lead` with `mode: "deferred"` keeps the customer and
 * the click it came from but records no lead; a later `/track/lead` with an empty `clickId`
 * records the lead on that click. The table is created when a file is first opened for writing
 * (a seed has none), like the webhook tables.
 */
export const CUSTOMER_CLICKS_TABLE = `CREATE TABLE IF NOT EXISTS customer_clicks (
  customer_id VARCHAR PRIMARY KEY,
  workspace_id VARCHAR NOT NULL,
  click_id VARCHAR NOT NULL
)`;

export async function createDeferredLeadTables(writer: StoreWriter): Promise<void> {
  await writer.transact((tx) => tx.run(CUSTOMER_CLICKS_TABLE));
}

/** Remembers each customer's click (by customer id) as that of its later lead, in one statement. */
export async function keepDeferredClicks(
  tx: WriteTx,
  clicks: ReadonlyMap<string, { workspaceId: string; clickId: string }>,
): Promise<void> {
  if (clicks.size === 0) return;
  const rows = [...clicks];
  await tx.run(
    `INSERT OR REPLACE INTO customer_clicks (customer_id, workspace_id, click_id)
SELECT unnest($customer_ids::VARCHAR[]), unnest($ws::VARCHAR[]), unnest($click_ids::VARCHAR[])`,
    {
      customer_ids: listValue(rows.map(([customerId]) => customerId)),
      ws: listValue(rows.map(([, c]) => c.workspaceId)),
      click_ids: listValue(rows.map(([, c]) => c.clickId)),
    },
  );
}

/** The hosted platform's 404 for a lead without a click whose customer is unknown (here also: known but without a click). */
export const noClickForCustomer = (customerExternalId: string) =>
  `The clickId property was not provided in the request, and no existing customer with the provided customerExternalId (${customerExternalId}) and a click to attribute the lead to was found.`;
