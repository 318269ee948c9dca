import type { TrackSaleBody, TrackSaleReply } from "../../contract/track";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { json, num, str } from "../query/rows";
import { findClick } from "./conversionClick";
import { customerColumns, customerOf, upsertCustomer, type CustomerRecord } from "./customers";
import { storedAmount } from "./currency";
import { readClickDimensions, type ClickDimensions } from "./eventRows";
import { newEventId } from "./ids";
import type { StoreWriter, WriteTx } from "./storeWriter";

const DEFAULT_EVENT_NAME = "Purchase";

const reply = (
  eventName: string,
  customer: CustomerRecord,
  sale: NonNullable<TrackSaleReply["sale"]>,
): TrackSaleReply => ({
  eventName,
  customer: {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    avatar: customer.avatar,
    externalId: customer.externalId,
  },
  sale,
});

/** The sale already recorded for an invoice, as its first tracking answered. */
interface SeenInvoice {
  customerId: string;
  eventName: string;
  sale: NonNullable<TrackSaleReply["sale"]>;
}

/** The click a customer's sale is attributed to: that of its latest lead (of `leadEventName`, if given). */
interface Attributed {
  clickId: string;
  linkId: string;
  click: ClickDimensions;
}

/** What a sale decides from, read in one statement (each statement costs the writer more than its rows do). */
interface SaleContext {
  invoice: SeenInvoice | null;
  customer: CustomerRecord | null;
  /** The customer's lead's click. */
  attributed: Attributed | null;
  /** The customer's sales so far. */
  priorSales: number;
}

async function saleContext(
  tx: WriteTx,
  workspaceId: string,
  externalId: string,
  invoiceId: string | null,
  leadEventName: string | null,
): Promise<SaleContext> {
  const byName = leadEventName === null ? "" : " AND le.event_name = $event_name";
  const [row] = await tx.all(
    `WITH cus AS (SELECT * FROM customers WHERE workspace_id = $ws AND external_id = $external_id LIMIT 1),
inv AS (SELECT customer_id, event_name, amount, currency, payment_processor, metadata FROM sale_events
  WHERE workspace_id = $ws AND invoice_id = $invoice_id LIMIT 1),
lead AS (SELECT le.click_id, le.link_id, ${CLICK_DIMENSIONS.map((column) => `le.${column}`).join(", ")} FROM lead_events le
  WHERE le.workspace_id = $ws AND le.customer_id = (SELECT id FROM cus)${byName} ORDER BY le.timestamp DESC LIMIT 1)
SELECT ${customerColumns("cus", "cus_")},
  inv.customer_id AS inv_customer_id, inv.event_name AS inv_event_name, inv.amount AS inv_amount, inv.currency AS inv_currency,
  inv.payment_processor AS inv_payment_processor, inv.metadata AS inv_metadata,
  lead.click_id AS lead_click_id, lead.link_id AS lead_link_id, ${CLICK_DIMENSIONS.map((column) => `lead.${column} AS lead_${column}`).join(", ")},
  (SELECT count(*) FROM sale_events s WHERE s.workspace_id = $ws AND s.customer_id = (SELECT id FROM cus)) AS prior_sales
FROM (SELECT 1) one LEFT JOIN cus ON true LEFT JOIN inv ON true LEFT JOIN lead ON true`,
    {
      ws: workspaceId,
      external_id: externalId,
      invoice_id: invoiceId,
      ...(leadEventName === null ? {} : { event_name: leadEventName }),
    },
  );
  const invoice: SeenInvoice | null =
    invoiceId !== null && row.inv_customer_id !== null
      ? {
          customerId: str(row, "inv_customer_id"),
          eventName: str(row, "inv_event_name"),
          sale: {
            amount: num(row, "inv_amount"),
            currency: str(row, "inv_currency"),
            paymentProcessor: str(row, "inv_payment_processor"),
            invoiceId,
            metadata: json(row, "inv_metadata") as Record<string, unknown> | null,
          },
        }
      : null;
  const attributed: Attributed | null =
    row.lead_click_id !== null
      ? {
          clickId: str(row, "lead_click_id"),
          linkId: str(row, "lead_link_id"),
          click: readClickDimensions(row, "lead_"),
        }
      : null;
  return { invoice, customer: customerOf(row, "cus_"), attributed, priorSales: num(row, "prior_sales") };
}

/**
 * POST /track/sale. The sale goes to the customer's lead's click and link (or, for a customer
 * without a lead, to `clickId`: direct sale tracking); a customer unknown without a click is not
 * tracked (`customer` and `sale` null, as the hosted platform answers). An invoice tracked
 * before answers as it did then and counts once. A customer's first sale is `new`, later ones
 * `recurring`; the amount is stored in USD cents.
 */
export function trackSale(
  writer: StoreWriter,
  workspaceId: string,
  body: TrackSaleBody,
  now: Date,
): Promise<TrackSaleReply> {
  const eventName = body.eventName ?? DEFAULT_EVENT_NAME;
  const invoiceId = body.invoiceId ?? null;
  return writer.batched(async (tx) => {
    const context = await saleContext(tx, workspaceId, body.customerExternalId, invoiceId, body.leadEventName ?? null);
    const seen = context.invoice;
    if (seen) {
      const customer = context.customer;
      if (customer && customer.id === seen.customerId) return reply(seen.eventName, customer, seen.sale);
      return { eventName, customer: null, sale: null };
    }
    let customer = context.customer;
    let attributed = context.attributed;
    let priorSales = context.priorSales;
    if (!attributed && body.clickId) {
      const click = await findClick(tx, workspaceId, body.clickId);
      const input = {
        externalId: body.customerExternalId,
        name: body.customerName,
        email: body.customerEmail,
        avatar: body.customerAvatar,
      };
      const known = customer;
      customer = await upsertCustomer(tx, workspaceId, input, click.country, now, known);
      if (!known) priorSales = 0;
      attributed = { clickId: click.id, linkId: click.linkId, click: click.dimensions };
    }
    if (!customer || !attributed) return { eventName, customer: null, sale: null };
    const stored = storedAmount(body.amount, body.currency ?? "usd");
    const paymentProcessor = body.paymentProcessor ?? "custom";
    const metadata = body.metadata ?? null;
    await tx.recordSale({
      id: newEventId(),
      workspaceId,
      clickId: attributed.clickId,
      click: attributed.click,
      linkId: attributed.linkId,
      customerId: customer.id,
      timestamp: now,
      eventName,
      metadata: metadata ? JSON.stringify(metadata) : null,
      amount: stored.amount,
      currency: stored.currency,
      invoiceId,
      paymentProcessor,
      saleType: priorSales === 0 ? "new" : "recurring",
    });
    return reply(eventName, customer, {
      amount: stored.amount,
      currency: stored.currency,
      paymentProcessor,
      invoiceId,
      metadata,
    });
  });
}
