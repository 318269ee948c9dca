import type { TrackLeadBody, TrackLeadReply } from "../../contract/track";
import { findClick } from "./conversionClick";
import { trackedCustomer, upsertCustomer } from "./customers";
import { customerClickId, deferLead } from "./deferredLeads";
import { newEventId } from "./ids";
import type { StoreWriter } from "./storeWriter";

/**
 * POST /track/lead: the customer (created from its external id, or updated) becomes a lead of
 * the click's link. As on the hosted platform, a customer's lead of the same event name is
 * recorded once: tracking it again answers the same without counting it twice. `mode: "deferred"`
 * keeps the customer's click and records no lead; a lead sent later with an empty `clickId` goes
 * to that click (deferredLeads.ts).
 */
export function trackLead(
  writer: StoreWriter,
  workspaceId: string,
  body: TrackLeadBody,
  now: Date,
): Promise<TrackLeadReply> {
  return writer.batched(async (tx) => {
    const clickId =
      body.clickId === "" ? await customerClickId(tx, workspaceId, body.customerExternalId) : body.clickId;
    const click = await findClick(tx, workspaceId, clickId);
    const customer = await upsertCustomer(
      tx,
      workspaceId,
      {
        externalId: body.customerExternalId,
        name: body.customerName,
        email: body.customerEmail,
        avatar: body.customerAvatar,
      },
      click.country,
      now,
    );
    if (body.mode === "deferred") {
      await deferLead(tx, workspaceId, customer.id, click.id);
      return { click: { id: click.id }, link: click.link, customer: trackedCustomer(customer) };
    }
    const [seen] = await tx.all(
      `SELECT 1 AS seen FROM lead_events WHERE workspace_id = $ws AND customer_id = $customer_id AND event_name = $event_name LIMIT 1`,
      {
        ws: workspaceId,
        customer_id: customer.id,
        event_name: body.eventName,
      },
    );
    if (!seen) {
      await tx.recordLead({
        id: newEventId(),
        workspaceId,
        clickId: click.id,
        click: click.dimensions,
        linkId: click.linkId,
        customerId: customer.id,
        timestamp: now,
        eventName: body.eventName,
        metadata: body.metadata ? JSON.stringify(body.metadata) : null,
      });
    }
    return { click: { id: click.id }, link: click.link, customer: trackedCustomer(customer) };
  });
}
