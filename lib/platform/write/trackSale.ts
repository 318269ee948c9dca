import type { TrackSaleBody, TrackSaleReply } from "../../contract/track";
import { customerInputOf, type CustomerRecord } from "./customers";
import { storedAmount } from "./currency";
import type { ClickDimensions } from "./eventRows";
import { newEventId } from "./ids";
import type { StoreWriter } from "./storeWriter";
import { runTrackBatch, type TrackRequest } from "./trackGroup";
import { latestLeadOf, type TrackState } from "./trackState";

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

/** The click a customer's sale is attributed to: that of its latest lead (of `leadEventName`, if given). */
interface Attributed {
  clickId: string;
  linkId: string;
  click: ClickDimensions;
}

/**
 * POST /track/sale. The sale goes to the customer's lead's click and link (or, for a customer
 * without a lead, to `clickId`: direct sale tracking); a customer unknown without a click is not
 * tracked (`customer` and `sale` null, as the hosted platform answers). An invoice tracked
 * before answers as it did then and counts once. A customer's first sale is `new`, later ones
 * `recurring`; the amount is stored in USD cents. Decided with the other tracking calls of its
 * group (./trackGroup.ts), as if after those before it: an invoice sent twice in one group counts once.
 */
export function trackSale(
  writer: StoreWriter,
  workspaceId: string,
  body: TrackSaleBody,
  now: Date,
): Promise<TrackSaleReply> {
  const request: TrackRequest<TrackSaleReply> = {
    workspaceId,
    customerExternalId: body.customerExternalId,
    invoiceId: body.invoiceId ?? null,
    clickIds: () => (body.clickId ? [body.clickId] : []),
    decide: (state) => decideSale(state, workspaceId, body, now),
  };
  return writer.batch(runTrackBatch, request) as Promise<TrackSaleReply>;
}

function decideSale(state: TrackState, workspaceId: string, body: TrackSaleBody, now: Date): TrackSaleReply {
  const eventName = body.eventName ?? DEFAULT_EVENT_NAME;
  const invoiceId = body.invoiceId ?? null;
  const untracked: TrackSaleReply = { eventName, customer: null, sale: null };
  const known = state.customer(workspaceId, body.customerExternalId);
  const seen = invoiceId === null ? null : state.invoice(workspaceId, invoiceId);
  if (seen)
    return known && known.record.id === seen.customerId ? reply(seen.eventName, known.record, seen.sale) : untracked;
  const lead = known ? latestLeadOf(known, body.leadEventName ?? null) : null;
  let customer = known;
  let attributed: Attributed | null = lead;
  if (!attributed && body.clickId) {
    const click = state.click(workspaceId, body.clickId);
    customer = state.upsertCustomer(workspaceId, customerInputOf(body), click.country, now);
    attributed = { clickId: click.id, linkId: click.linkId, click: click.dimensions };
  }
  if (!customer || !attributed) return untracked;
  const stored = storedAmount(body.amount, body.currency ?? "usd");
  const paymentProcessor = body.paymentProcessor ?? "custom";
  const metadata = body.metadata ?? null;
  const sale = { amount: stored.amount, currency: stored.currency, paymentProcessor, invoiceId, metadata };
  state.recordSale(
    customer,
    {
      id: newEventId(),
      workspaceId,
      clickId: attributed.clickId,
      click: attributed.click,
      linkId: attributed.linkId,
      customerId: customer.record.id,
      timestamp: now,
      eventName,
      metadata: metadata ? JSON.stringify(metadata) : null,
      amount: stored.amount,
      currency: stored.currency,
      invoiceId,
      paymentProcessor,
      saleType: customer.priorSales === 0 ? "new" : "recurring",
    },
    invoiceId === null ? null : { customerId: customer.record.id, eventName, sale },
  );
  return reply(eventName, customer.record, sale);
}
