import * as z from "./zod";
import type { EventKind } from "./eventKinds";
import { looseEvents, strictEvents } from "./events";
import { readEventElements, type ReadEvent } from "./readEvents";
import { isoTimestamp } from "./timestamps";

/**
 * Webhook deliveries, as the hosted platform sends them: a JSON envelope `{id, event, createdAt,
 * data}` whose `data` carries the same click, link, customer and sale records as GET /events,
 * signed with HMAC-SHA256 of the raw body under the receiver's secret (hex, in `Dub-Signature`).
 * `strict` is what the embedded platform emits; `loose` is how the dashboard reads any platform.
 */

export const WEBHOOK_TRIGGERS = ["link.clicked", "lead.created", "sale.created"] as const;
export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

export const TRIGGER_KIND: { readonly [T in WebhookTrigger]: EventKind } = {
  "link.clicked": "clicks",
  "lead.created": "leads",
  "sale.created": "sales",
};

/** The header carrying the hex HMAC-SHA256 of the raw body. */
export const SIGNATURE_HEADER = "Dub-Signature";

const metadata = z.nullable(z.record(z.string(), z.unknown()));

function envelopes<
  C extends z.core.$ZodType,
  L extends z.core.$ZodType,
  K extends z.core.$ZodType,
  S extends z.core.$ZodType,
>(
  parts: { click: C; link: L; customer: K; sale: S },
  object: typeof z.strictObject | typeof z.looseObject,
  time: z.ZodMiniType<string>,
) {
  const lead = { eventName: z.string(), customer: parts.customer, click: parts.click, link: parts.link, metadata };
  const envelope = <T extends WebhookTrigger, D extends z.core.$ZodType>(event: T, data: D) =>
    object({ id: z.string().check(z.minLength(1)), event: z.literal(event), createdAt: time, data });
  const clicked = envelope("link.clicked", object({ click: parts.click, link: parts.link }));
  const leadCreated = envelope("lead.created", object(lead));
  const saleCreated = envelope("sale.created", object({ ...lead, sale: parts.sale }));
  return {
    clicked,
    leadCreated,
    saleCreated,
    delivery: z.discriminatedUnion("event", [clicked, leadCreated, saleCreated]),
  };
}

export const strictWebhooks = envelopes(strictEvents, z.strictObject, isoTimestamp);
export const looseWebhooks = envelopes(looseEvents, z.looseObject, z.string());

export type WebhookDelivery = z.infer<typeof strictWebhooks.delivery>;
export type ReadDelivery = z.infer<typeof looseWebhooks.delivery>;

/**
 * A delivery as the event GET /events would list for it, read as the events table reads any
 * event: a lead or sale takes the delivery's id and time. Null when it is not a readable event.
 */
export function deliveryEvent(delivery: ReadDelivery): ReadEvent | null {
  const element =
    delivery.event === "link.clicked"
      ? { event: "click", timestamp: delivery.data.click.timestamp ?? delivery.createdAt, ...delivery.data }
      : {
          event: delivery.event === "lead.created" ? "lead" : "sale",
          timestamp: delivery.createdAt,
          eventId: delivery.id,
          ...delivery.data,
        };
  return readEventElements([element], TRIGGER_KIND[delivery.event]).events[0] ?? null;
}
