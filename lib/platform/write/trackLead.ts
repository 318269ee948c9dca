import type { TrackLeadBody, TrackLeadReply } from "../../contract/track";
import { findClick } from "./conversionClick";
import { customerColumns, customerOf, trackedCustomer, upsertCustomer, type CustomerRecord } from "./customers";
import { customerClickId, deferLead } from "./deferredLeads";
import { newEventId } from "./ids";
import type { StoreWriter, WriteTx } from "./storeWriter";

/** The workspace's customer of this external id, and whether it has a lead of this event name: one statement. */
async function customerWithLead(
  tx: WriteTx,
  workspaceId: string,
  externalId: string,
  eventName: string,
): Promise<{ customer: CustomerRecord; hasLead: boolean } | null> {
  const [row] = await tx.all(
    `SELECT ${customerColumns("c", "")}, EXISTS (SELECT 1 FROM lead_events le WHERE le.workspace_id = $ws AND le.customer_id = c.id AND le.event_name = $event_name) AS has_lead
FROM customers c WHERE c.workspace_id = $ws AND c.external_id = $external_id`,
    { ws: workspaceId, external_id: externalId, event_name: eventName },
  );
  const customer = row ? customerOf(row, "") : null;
  return customer ? { customer, hasLead: row.has_lead === true } : null;
}

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
    const known = await customerWithLead(tx, workspaceId, body.customerExternalId, body.eventName);
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
      known?.customer ?? null,
    );
    if (body.mode === "deferred") {
      await deferLead(tx, workspaceId, customer.id, click.id);
      return { click: { id: click.id }, link: click.link, customer: trackedCustomer(customer) };
    }
    if (!known?.hasLead) {
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
