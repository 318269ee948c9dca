import type { TrackSaleBody, TrackSaleReply } from "../../contract/track";
import { CLICK_DIMENSIONS } from "../query/eventTables";
import { json, num, str } from "../query/rows";
import { findClick } from "./conversionClick";
import { findCustomer, upsertCustomer, type CustomerRecord } from "./customers";
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

/** The sale already recorded for this invoice, as its first tracking answered. */
async function invoiceSeen(
  tx: WriteTx,
  workspaceId: string,
  invoiceId: string,
): Promise<{ customerId: string; eventName: string; sale: NonNullable<TrackSaleReply["sale"]> } | null> {
  const [row] = await tx.all(
    `SELECT customer_id, event_name, amount, currency, payment_processor, invoice_id, metadata FROM sale_events WHERE workspace_id = $ws AND invoice_id = $invoice_id LIMIT 1`,
    { ws: workspaceId, invoice_id: invoiceId },
  );
  if (!row) return null;
  return {
    customerId: str(row, "customer_id"),
    eventName: str(row, "event_name"),
    sale: {
      amount: num(row, "amount"),
      currency: str(row, "currency"),
      paymentProcessor: str(row, "payment_processor"),
      invoiceId,
      metadata: json(row, "metadata") as Record<string, unknown> | null,
    },
  };
}

/** The click a customer's sale is attributed to: that of its latest lead (of `leadEventName`, if given). */
interface Attributed {
  clickId: string;
  linkId: string;
  click: ClickDimensions;
}

async function leadClick(
  tx: WriteTx,
  workspaceId: string,
  customerId: string,
  leadEventName: string | null,
): Promise<Attributed | null> {
  const byName = leadEventName === null ? "" : " AND event_name = $event_name";
  const [row] = await tx.all(
    `SELECT click_id, link_id, ${CLICK_DIMENSIONS.join(", ")} FROM lead_events WHERE workspace_id = $ws AND customer_id = $customer_id${byName} ORDER BY timestamp DESC LIMIT 1`,
    { ws: workspaceId, customer_id: customerId, ...(leadEventName === null ? {} : { event_name: leadEventName }) },
  );
  return row ? { clickId: str(row, "click_id"), linkId: str(row, "link_id"), click: readClickDimensions(row) } : null;
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
    if (invoiceId !== null) {
      const seen = await invoiceSeen(tx, workspaceId, invoiceId);
      if (seen) {
        const customer = await findCustomer(tx, workspaceId, body.customerExternalId);
        if (customer && customer.id === seen.customerId) return reply(seen.eventName, customer, seen.sale);
        return { eventName, customer: null, sale: null };
      }
    }
    let customer = await findCustomer(tx, workspaceId, body.customerExternalId);
    let attributed = customer ? await leadClick(tx, workspaceId, customer.id, body.leadEventName ?? null) : null;
    if (!attributed && body.clickId) {
      const click = await findClick(tx, workspaceId, body.clickId);
      const input = {
        externalId: body.customerExternalId,
        name: body.customerName,
        email: body.customerEmail,
        avatar: body.customerAvatar,
      };
      customer = await upsertCustomer(tx, workspaceId, input, click.country, now);
      attributed = { clickId: click.id, linkId: click.linkId, click: click.dimensions };
    }
    if (!customer || !attributed) return { eventName, customer: null, sale: null };
    const [prior] = await tx.all(
      `SELECT count(*) AS n FROM sale_events WHERE workspace_id = $ws AND customer_id = $customer_id`,
      { ws: workspaceId, customer_id: customer.id },
    );
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
      saleType: num(prior, "n") === 0 ? "new" : "recurring",
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
