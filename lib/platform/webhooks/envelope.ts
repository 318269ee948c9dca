import { PAYMENT_PROCESSORS, type ClickRecord, type LinkRecord } from "../../contract/events";
import { toIso } from "../../contract/timestamps";
import type { WebhookDelivery, WebhookTrigger } from "../../contract/webhooks";
import { fetchClicks, fetchCustomers, queryLinks } from "../query/lookups";
import type { ClickRow, ConversionEvent, EventRow } from "../write/eventRows";
import type { WriteTx } from "../write/writeTx";
import { txDb } from "../write/txDb";

export const TRIGGER_OF: Record<EventRow["kind"], WebhookTrigger> = {
  clicks: "link.clicked",
  leads: "lead.created",
  sales: "sale.created",
};

function clickRecord(row: ClickRow): ClickRecord {
  return {
    id: row.id,
    timestamp: toIso(row.timestamp),
    url: row.url,
    country: row.country,
    city: row.city,
    region: row.region,
    continent: row.continent,
    device: row.device,
    browser: row.browser,
    os: row.os,
    ua: row.ua,
    trigger: row.trigger,
    referer: row.referer,
    refererUrl: row.refererUrl,
    qr: row.trigger === "qr",
    ip: row.ip,
  };
}

const processorOf = (value: string): (typeof PAYMENT_PROCESSORS)[number] =>
  PAYMENT_PROCESSORS.find((p) => p === value) ?? "custom";

const parseMetadata = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

/** A click's delivery with its link as given (the caller read it within the click's transaction). */
export function clickedEnvelope(row: ClickRow, link: LinkRecord, id: string, now: Date): WebhookDelivery {
  return { id, event: "link.clicked", createdAt: toIso(now), data: { click: clickRecord(row), link } };
}

/**
 * The delivery of an event, as the hosted platform sends it: `{id, event, createdAt, data}` with
 * the same click, link, customer and sale records as GET /events lists, read inside the event's
 * own transaction (the link with its counters as this event left them).
 */
export async function envelopeOf(tx: WriteTx, event: EventRow, id: string, now: Date): Promise<WebhookDelivery> {
  const db = txDb(tx);
  const ws = event.row.workspaceId;
  const link: LinkRecord | undefined = (await queryLinks(db, ws, [event.row.linkId])).get(event.row.linkId);
  if (!link) throw new Error(`link ${event.row.linkId} of event ${event.row.id} not found`);
  const createdAt = toIso(now);
  if (event.kind === "clicks") return clickedEnvelope(event.row, link, id, now);
  const conversion = event.row;
  const click = (await fetchClicks(db, ws, [conversion.clickId])).get(conversion.clickId);
  const customer = (await fetchCustomers(db, ws, [conversion.customerId])).get(conversion.customerId);
  if (!click || !customer) throw new Error(`click or customer of event ${conversion.id} not found`);
  const lead = { eventName: conversion.eventName, customer, click, link, metadata: parseMetadata(conversion.metadata) };
  if (event.kind === "leads") return { id, event: "lead.created", createdAt, data: lead };
  const sale = {
    amount: event.row.amount,
    currency: event.row.currency,
    invoiceId: event.row.invoiceId,
    paymentProcessor: processorOf(event.row.paymentProcessor),
  };
  return { id, event: "sale.created", createdAt, data: { ...lead, sale } };
}

/** What a lead or sale adds to its link's counters. */
function counted(event: ConversionEvent): Pick<LinkRecord, "leads" | "sales" | "saleAmount" | "conversions"> {
  if (event.kind === "leads") return { leads: 1, sales: 0, saleAmount: 0, conversions: 0 };
  return { leads: 0, sales: 1, saleAmount: event.row.amount, conversions: event.row.saleType === "new" ? 1 : 0 };
}

/**
 * The deliveries of a batch of leads and sales (by the event's index in `events`), as envelopeOf
 * makes each, read together: per workspace, the links (with their tags), the clicks and the
 * customers in one statement each, whatever the batch's size. The links are read once the
 * batch's counters were added; each event's copy counts the events up to it, not those after it.
 */
export async function conversionEnvelopes(
  tx: WriteTx,
  events: readonly { index: number; event: ConversionEvent }[],
  now: Date,
): Promise<Map<number, WebhookDelivery>> {
  const out = new Map<number, WebhookDelivery>();
  // Sent with every batch of leads and sales heard: its filtered scans prepared once.
  const db = txDb(tx, { prepared: true });
  const byWorkspace = new Map<string, { index: number; event: ConversionEvent }[]>();
  for (const item of events)
    byWorkspace.set(item.event.row.workspaceId, [...(byWorkspace.get(item.event.row.workspaceId) ?? []), item]);
  const createdAt = toIso(now);
  for (const [ws, items] of byWorkspace) {
    const rows = items.map(({ event }) => event.row);
    const links = await queryLinks(db, ws, [...new Set(rows.map((row) => row.linkId))]);
    const clicks = await fetchClicks(
      db,
      ws,
      rows.map((row) => row.clickId),
    );
    const customers = await fetchCustomers(
      db,
      ws,
      rows.map((row) => row.customerId),
    );
    const later = new Map<string, ReturnType<typeof counted>>();
    for (const { index, event } of [...items].reverse()) {
      const conversion = event.row;
      const link = links.get(conversion.linkId);
      if (!link) throw new Error(`link ${conversion.linkId} of event ${conversion.id} not found`);
      const click = clicks.get(conversion.clickId);
      const customer = customers.get(conversion.customerId);
      if (!click || !customer) throw new Error(`click or customer of event ${conversion.id} not found`);
      const after = later.get(conversion.linkId) ?? { leads: 0, sales: 0, saleAmount: 0, conversions: 0 };
      const asLeft: LinkRecord = {
        ...link,
        leads: link.leads - after.leads,
        sales: link.sales - after.sales,
        saleAmount: link.saleAmount - after.saleAmount,
        conversions: link.conversions - after.conversions,
      };
      const own = counted(event);
      later.set(conversion.linkId, {
        leads: after.leads + own.leads,
        sales: after.sales + own.sales,
        saleAmount: after.saleAmount + own.saleAmount,
        conversions: after.conversions + own.conversions,
      });
      const lead = {
        eventName: conversion.eventName,
        customer,
        click,
        link: asLeft,
        metadata: parseMetadata(conversion.metadata),
      };
      if (event.kind === "leads") {
        out.set(index, { id: "", event: "lead.created", createdAt, data: lead });
        continue;
      }
      const sale = {
        amount: event.row.amount,
        currency: event.row.currency,
        invoiceId: event.row.invoiceId,
        paymentProcessor: processorOf(event.row.paymentProcessor),
      };
      out.set(index, { id: "", event: "sale.created", createdAt, data: { ...lead, sale } });
    }
  }
  return out;
}
