import { listValue } from "@duckdb/node-api";
import type { TrackSaleReply } from "../../contract/track";
import type { Row } from "../query/db";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { date, json, num, nstr, str } from "../query/rows";
import { customerColumns, customerOf, type CustomerRecord } from "./customers";
import { readClickDimensions, type ClickDimensions } from "./eventRows";
import type { WriteTx } from "./storeWriter";

/**
 * What a batch of tracked leads and sales decides from (trackGroup.ts), read for the whole batch
 * in three statements whatever its size: the customers of the external ids named (with their
 * deferred click and their number of sales), their leads by event name (the first and the
 * latest), and the invoices already counted. On this DuckDB writer each statement costs far more
 * than its rows, so a batch reads once, not once per call.
 */

/** A key of a workspace's own name space (external ids, invoice ids, click ids). */
export const inWorkspace = (workspaceId: string, id: string) => `${workspaceId}\u0000${id}`;

/** A customer's lead as a later lead or sale needs it: its click, for attribution. */
export interface LeadRef {
  clickId: string;
  linkId: string;
  click: ClickDimensions;
  timestamp: Date;
}

/** A customer's leads of one event name: the first (whose click a lead without one goes to) and the latest (a sale's). */
export interface LeadsOfName {
  first: LeadRef;
  latest: LeadRef;
}

/** A customer as stored, with what its leads and sales decide from. */
export interface StoredCustomer {
  workspaceId: string;
  record: CustomerRecord;
  /** The click kept by a deferred lead (deferredLeads.ts), if any. */
  deferredClickId: string | null;
  priorSales: number;
  leads: Map<string, LeadsOfName>;
}

/** The sale already recorded for an invoice, as its first tracking answered. */
export interface SeenInvoice {
  customerId: string;
  eventName: string;
  sale: NonNullable<TrackSaleReply["sale"]>;
}

export interface TrackFacts {
  /** By inWorkspace(workspace, external id); a key looked up and absent is not in the map. */
  customers: Map<string, StoredCustomer>;
  /** By inWorkspace(workspace, invoice id). */
  invoices: Map<string, SeenInvoice>;
}

export interface NamedId {
  workspaceId: string;
  id: string;
}

/** The (workspace, id) pairs as two lists side by side, each pair once. */
function pairs(named: readonly NamedId[]): { ws: ReturnType<typeof listValue>; ids: ReturnType<typeof listValue> } {
  const unique = new Map(named.map((n) => [inWorkspace(n.workspaceId, n.id), n]));
  return {
    ws: listValue([...unique.values()].map((n) => n.workspaceId)),
    ids: listValue([...unique.values()].map((n) => n.id)),
  };
}

const KEYS = `(SELECT unnest($ws::VARCHAR[]) AS ws, unnest($ids::VARCHAR[]) AS id)`;
const MATCHED_CUSTOMERS = `SELECT c.* FROM customers c JOIN ${KEYS} k ON c.workspace_id = k.ws AND c.external_id = k.id`;
const LEAD_STRUCT = `{'click_id': le.click_id, 'link_id': le.link_id, 'timestamp': le.timestamp, ${CLICK_DIMENSIONS.map((column) => `'${column}': le.${column}`).join(", ")}}`;

function leadRef(value: unknown): LeadRef {
  const row = value as Row;
  return {
    clickId: str(row, "click_id"),
    linkId: str(row, "link_id"),
    click: readClickDimensions(row),
    timestamp: date(row, "timestamp"),
  };
}

async function readCustomers(tx: WriteTx, named: readonly NamedId[]): Promise<Map<string, StoredCustomer>> {
  const out = new Map<string, StoredCustomer>();
  if (named.length === 0) return out;
  const values = pairs(named);
  const rows = await tx.all(
    `WITH cus AS (${MATCHED_CUSTOMERS}),
sales AS (SELECT s.customer_id, count(*) AS n FROM sale_events s JOIN cus ON s.customer_id = cus.id AND s.workspace_id = cus.workspace_id GROUP BY ALL)
SELECT ${customerColumns("cus", "")}, cus.workspace_id, cc.click_id AS deferred_click_id, coalesce(sales.n, 0) AS prior_sales
FROM cus LEFT JOIN customer_clicks cc ON cc.customer_id = cus.id LEFT JOIN sales ON sales.customer_id = cus.id
ORDER BY cus.id`,
    values,
  );
  for (const row of rows) {
    const record = customerOf(row, "");
    if (!record) continue;
    const key = inWorkspace(str(row, "workspace_id"), record.externalId);
    // Two customers of one external id (never written so): the first, as a single read would take.
    if (out.has(key)) continue;
    out.set(key, {
      workspaceId: str(row, "workspace_id"),
      record,
      deferredClickId: nstr(row, "deferred_click_id"),
      priorSales: num(row, "prior_sales"),
      leads: new Map(),
    });
  }
  if (out.size === 0) return out;
  const byId = new Map([...out.values()].map((customer) => [customer.record.id, customer]));
  const leads = await tx.all(
    `SELECT le.customer_id, le.event_name, arg_min(${LEAD_STRUCT}, le.timestamp) AS first, arg_max(${LEAD_STRUCT}, le.timestamp) AS latest
FROM lead_events le JOIN (${MATCHED_CUSTOMERS}) cus ON le.customer_id = cus.id AND le.workspace_id = cus.workspace_id
GROUP BY ALL`,
    values,
  );
  for (const row of leads) {
    byId.get(str(row, "customer_id"))?.leads.set(str(row, "event_name"), {
      first: leadRef(row.first),
      latest: leadRef(row.latest),
    });
  }
  return out;
}

async function readInvoices(tx: WriteTx, named: readonly NamedId[]): Promise<Map<string, SeenInvoice>> {
  const out = new Map<string, SeenInvoice>();
  if (named.length === 0) return out;
  const rows = await tx.all(
    `SELECT s.workspace_id, s.invoice_id, s.customer_id, s.event_name, s.amount, s.currency, s.payment_processor, s.metadata
FROM sale_events s JOIN ${KEYS} k ON s.workspace_id = k.ws AND s.invoice_id = k.id`,
    pairs(named),
  );
  for (const row of rows) {
    const key = inWorkspace(str(row, "workspace_id"), str(row, "invoice_id"));
    if (out.has(key)) continue;
    out.set(key, {
      customerId: str(row, "customer_id"),
      eventName: str(row, "event_name"),
      sale: {
        amount: num(row, "amount"),
        currency: str(row, "currency"),
        paymentProcessor: str(row, "payment_processor"),
        invoiceId: str(row, "invoice_id"),
        metadata: json(row, "metadata") as Record<string, unknown> | null,
      },
    });
  }
  return out;
}

/** The facts of the customers (by external id) and invoices a batch names. */
export async function readTrackFacts(
  tx: WriteTx,
  customers: readonly NamedId[],
  invoices: readonly NamedId[],
): Promise<TrackFacts> {
  return { customers: await readCustomers(tx, customers), invoices: await readInvoices(tx, invoices) };
}
