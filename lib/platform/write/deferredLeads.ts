import { ApiError } from "../../contract/errors";
import { str } from "../query/rows";
import type { StoreWriter, WriteTx } from "./storeWriter";

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

/** Remembers `clickId` as the click of the customer's later lead. */
export async function deferLead(tx: WriteTx, workspaceId: string, customerId: string, clickId: string): Promise<void> {
  await tx.run(
    `INSERT OR REPLACE INTO customer_clicks (customer_id, workspace_id, click_id) VALUES ($customer_id, $ws, $click_id)`,
    {
      customer_id: customerId,
      ws: workspaceId,
      click_id: clickId,
    },
  );
}

/** The hosted platform's 404 for a lead without a click whose customer is unknown (here also: known but without a click). */
export const noClickForCustomer = (customerExternalId: string) =>
  `The clickId property was not provided in the request, and no existing customer with the provided customerExternalId (${customerExternalId}) and a click to attribute the lead to was found.`;

/**
 * The click a lead tracked without one goes to: the customer's deferred click, else that of its
 * first lead (the customer's click, as hosted); 404 when the customer is unknown or has none.
 */
export async function customerClickId(tx: WriteTx, workspaceId: string, customerExternalId: string): Promise<string> {
  const [row] = await tx.all(
    `SELECT coalesce(
  (SELECT cc.click_id FROM customer_clicks cc WHERE cc.customer_id = c.id),
  (SELECT le.click_id FROM lead_events le WHERE le.workspace_id = $ws AND le.customer_id = c.id ORDER BY le.timestamp LIMIT 1)
) AS click_id
FROM customers c WHERE c.workspace_id = $ws AND c.external_id = $external_id`,
    { ws: workspaceId, external_id: customerExternalId },
  );
  if (!row || row.click_id === null) {
    throw new ApiError("not_found", noClickForCustomer(customerExternalId));
  }
  return str(row, "click_id");
}
