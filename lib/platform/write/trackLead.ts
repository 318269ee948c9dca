import { ApiError } from "../../contract/errors";
import type { TrackLeadBody, TrackLeadReply } from "../../contract/track";
import { customerInputOf, trackedCustomer } from "./customers";
import { noClickForCustomer } from "./deferredLeads";
import { newEventId } from "./ids";
import type { StoreWriter } from "./storeWriter";
import { runTrackBatch, type TrackRequest } from "./trackGroup";
import { customerClickOf, type TrackState } from "./trackState";

/**
 * POST /track/lead: the customer (created from its external id, or updated) becomes a lead of
 * the click's link. As on the hosted platform, a customer's lead of the same event name is
 * recorded once: tracking it again answers the same without counting it twice. `mode: "deferred"`
 * keeps the customer's click and records no lead; a lead sent later with an empty `clickId` goes
 * to that click, else to the click of the customer's first lead (404 when it has neither, or is
 * unknown: deferredLeads.ts). Decided with the other tracking calls of its group
 * (./trackGroup.ts), as if after those before it.
 */
export function trackLead(
  writer: StoreWriter,
  workspaceId: string,
  body: TrackLeadBody,
  now: Date,
): Promise<TrackLeadReply> {
  const request: TrackRequest<TrackLeadReply> = {
    workspaceId,
    customerExternalId: body.customerExternalId,
    invoiceId: null,
    clickIds: (stored) => {
      if (body.clickId !== "") return [body.clickId];
      const clickId = stored ? customerClickOf(stored) : null;
      return clickId === null ? [] : [clickId];
    },
    decide: (state) => decideLead(state, workspaceId, body, now),
  };
  return writer.batch(runTrackBatch, request) as Promise<TrackLeadReply>;
}

function decideLead(state: TrackState, workspaceId: string, body: TrackLeadBody, now: Date): TrackLeadReply {
  const known = state.customer(workspaceId, body.customerExternalId);
  let clickId = body.clickId;
  if (clickId === "") {
    const kept = known ? customerClickOf(known) : null;
    if (kept === null) throw new ApiError("not_found", noClickForCustomer(body.customerExternalId));
    clickId = kept;
  }
  const click = state.click(workspaceId, clickId);
  const hasLead = known?.leads.has(body.eventName) ?? false;
  // Nothing refused from here on: the call's changes follow.
  const customer = state.upsertCustomer(workspaceId, customerInputOf(body), click.country, now);
  if (body.mode === "deferred") state.defer(customer, click.id);
  else if (!hasLead) {
    state.recordLead(customer, {
      id: newEventId(),
      workspaceId,
      clickId: click.id,
      click: click.dimensions,
      linkId: click.linkId,
      customerId: customer.record.id,
      timestamp: now,
      eventName: body.eventName,
      metadata: body.metadata ? JSON.stringify(body.metadata) : null,
    });
  }
  return { click: { id: click.id }, link: click.link, customer: trackedCustomer(customer.record) };
}
