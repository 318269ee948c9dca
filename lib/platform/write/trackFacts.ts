import { listValue } from "@duckdb/node-api";
import type { TrackSaleReply } from "../../contract/track";
import type { Row } from "../query/db";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { date, json, num, nstr, str } from "../query/rows";
import { customerColumns, customerOf, type CustomerRecord } from "./customers";
import { readClickDimensions, type ClickDimensions } from "./eventRows";
import type { WriteTx } from "./writeTx";

/**
 * What a batch of tracked leads and sales decides from (trackGroup.ts), read for the whole batch
 * in two statements at most whatever its size: the customers of the external ids named, then
 * their deferred click, their number of sales and their leads by event name (the first and the
 * latest) together with the invoices already counted. On this DuckDB writer each statement costs far more
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

const LEAD_STRUCT = `{'click_id': le.click_id, 'link_id': le.link_id, 'timestamp': le.timestamp, ${CLICK_DIMENSIONS.map((column) => `'${column}': le.${column}`).join(", ")}}`;

/**
 * What a batch decides from beyond the customers' rows, as one relation of `part`s (one statement:
 * each costs the writer far more than its rows): the found customers' leads (each row: a customer
 * has few, and DuckDB's grouping of them by event name into the first and the latest cost more
 * than the scan, ~6 ms of CPU a batch; folded here instead: addLead), their deferred click, their
 * number of sales, and the invoices named.
 * Every part has every column, null where it has none of it. The ids are filtered as lists (a
 * plain scan costs DuckDB less than a join, and its prepared plan stays right as the tables
 * grow); each row's workspace is checked as it is read.
 */
const PARTS = {
  leads: `SELECT 'leads' AS part, le.workspace_id, le.customer_id, le.event_name, ${LEAD_STRUCT} AS lead, NULL::BIGINT AS n, NULL::VARCHAR AS click_id, NULL::VARCHAR AS invoice_id, NULL::BIGINT AS amount, NULL::VARCHAR AS currency, NULL::VARCHAR AS payment_processor, NULL AS metadata
FROM lead_events le WHERE list_contains($cus_ids, le.customer_id)`,
  deferred: `SELECT 'deferred', NULL, cc.customer_id, NULL, NULL, NULL, cc.click_id, NULL, NULL, NULL, NULL, NULL
FROM customer_clicks cc WHERE list_contains($cus_ids, cc.customer_id)`,
  sales: `SELECT 'sales', s.workspace_id, s.customer_id, NULL, NULL, count(*), NULL, NULL, NULL, NULL, NULL, NULL
FROM sale_events s WHERE list_contains($cus_ids, s.customer_id) GROUP BY s.workspace_id, s.customer_id`,
  invoices: `SELECT 'invoices', s.workspace_id, s.customer_id, s.event_name, NULL, NULL, NULL, s.invoice_id, s.amount, s.currency, s.payment_processor, s.metadata
FROM sale_events s WHERE list_contains($inv_ids, s.invoice_id)`,
};

function leadRef(value: unknown): LeadRef {
  const row = value as Row;
  return {
    clickId: str(row, "click_id"),
    linkId: str(row, "link_id"),
    click: readClickDimensions(row),
    timestamp: date(row, "timestamp"),
  };
}

/** A stored lead folded into its customer's leads of its name: the first and the latest by timestamp (ties keep the one found first). */
function addLead(leads: Map<string, LeadsOfName>, eventName: string, ref: LeadRef): void {
  const known = leads.get(eventName);
  if (!known) {
    leads.set(eventName, { first: ref, latest: ref });
    return;
  }
  if (ref.timestamp < known.first.timestamp) known.first = ref;
  if (ref.timestamp > known.latest.timestamp) known.latest = ref;
}

/** The customers of these external ids as stored (first statement), before their leads, deferred click and sales. */
async function readCustomers(tx: WriteTx, named: readonly NamedId[]): Promise<Map<string, StoredCustomer>> {
  const out = new Map<string, StoredCustomer>();
  if (named.length === 0) return out;
  const namedKeys = new Set(named.map((n) => inWorkspace(n.workspaceId, n.id)));
  const rows = await tx.readPrepared(
    `SELECT ${customerColumns("c", "")}, c.workspace_id FROM customers c WHERE list_contains($external_ids, c.external_id) ORDER BY c.id`,
    { external_ids: listValue([...new Set(named.map((n) => n.id))]) },
  );
  for (const row of rows) {
    const record = customerOf(row, "");
    if (!record) continue;
    const key = inWorkspace(str(row, "workspace_id"), record.externalId);
    // Another workspace's customer of a named external id.
    if (!namedKeys.has(key)) continue;
    // Two customers of one external id (never written so): the first, as a single read would take.
    if (out.has(key)) continue;
    out.set(key, {
      workspaceId: str(row, "workspace_id"),
      record,
      deferredClickId: null,
      priorSales: 0,
      leads: new Map(),
    });
  }
  return out;
}

function seenInvoice(row: Row): SeenInvoice {
  return {
    customerId: str(row, "customer_id"),
    eventName: str(row, "event_name"),
    sale: {
      amount: num(row, "amount"),
      currency: str(row, "currency"),
      paymentProcessor: str(row, "payment_processor"),
      invoiceId: str(row, "invoice_id"),
      metadata: json(row, "metadata") as Record<string, unknown> | null,
    },
  };
}

/**
 * The facts of the customers (by external id) and invoices a batch names, in two statements at
 * most: the customers' rows, then (when a customer was found or an invoice named) the rest
 * (PARTS) at once. A batch of new customers without invoices reads once.
 */
export async function readTrackFacts(
  tx: WriteTx,
  customers: readonly NamedId[],
  invoices: readonly NamedId[],
): Promise<TrackFacts> {
  const found = await readCustomers(tx, customers);
  const facts: TrackFacts = { customers: found, invoices: new Map() };
  const parts = [
    ...(found.size > 0 ? [PARTS.leads, PARTS.deferred, PARTS.sales] : []),
    ...(invoices.length > 0 ? [PARTS.invoices] : []),
  ];
  if (parts.length === 0) return facts;
  const byId = new Map([...found.values()].map((customer) => [customer.record.id, customer]));
  const namedInvoices = new Set(invoices.map((n) => inWorkspace(n.workspaceId, n.id)));
  const rows = await tx.readPrepared(parts.join("\nUNION ALL\n"), {
    ...(found.size > 0 ? { cus_ids: listValue([...byId.keys()]) } : {}),
    ...(invoices.length > 0 ? { inv_ids: listValue([...new Set(invoices.map((n) => n.id))]) } : {}),
  });
  for (const row of rows) {
    const part = str(row, "part");
    if (part === "invoices") {
      const key = inWorkspace(str(row, "workspace_id"), str(row, "invoice_id"));
      if (namedInvoices.has(key) && !facts.invoices.has(key)) facts.invoices.set(key, seenInvoice(row));
      continue;
    }
    const customer = byId.get(str(row, "customer_id"));
    if (!customer) continue;
    if (part === "deferred") customer.deferredClickId = nstr(row, "click_id");
    // A lead or sale is its customer's when it is of the customer's workspace.
    else if (str(row, "workspace_id") !== customer.workspaceId) continue;
    else if (part === "leads") addLead(customer.leads, str(row, "event_name"), leadRef(row.lead));
    else if (part === "sales") customer.priorSales = num(row, "n");
  }
  return facts;
}
