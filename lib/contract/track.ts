import * as z from "./zod";
import { metadataSchema, optionalText, requiredText } from "./body";
import { PAYMENT_PROCESSORS } from "./events";
import { webUrl } from "./webUrl";

/**
 * POST /track/lead and POST /track/sale: the hosted platform's request and reply shapes (its SDK,
 * npm `dub`, calls them unchanged). Sales are stored in USD cents whatever the currency tracked.
 */

export const LEAD_MODES = ["async", "wait", "deferred"] as const;

export const trackLeadBody = z.object({
  clickId: requiredText(100),
  eventName: requiredText(255),
  customerExternalId: requiredText(100),
  customerName: optionalText(100),
  customerEmail: z.optional(z.nullable(z.email())),
  customerAvatar: z.optional(z.nullable(webUrl())),
  mode: z.optional(z.enum(LEAD_MODES)),
  eventQuantity: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1000)))),
  metadata: z.optional(metadataSchema),
});

export type TrackLeadBody = z.output<typeof trackLeadBody>;

export const trackSaleBody = z.object({
  customerExternalId: requiredText(100),
  /** In the smallest unit of `currency` (cents; yen for JPY). */
  amount: z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  currency: z.optional(z.string().check(z.regex(/^[A-Za-z]{3}$/, "a three-letter ISO 4217 code"))),
  eventName: z.optional(requiredText(255)),
  paymentProcessor: z.optional(z.enum(PAYMENT_PROCESSORS)),
  invoiceId: optionalText(190),
  metadata: z.optional(metadataSchema),
  leadEventName: optionalText(255),
  clickId: optionalText(100),
  customerName: optionalText(100),
  customerEmail: z.optional(z.nullable(z.email())),
  customerAvatar: z.optional(z.nullable(webUrl())),
});

export type TrackSaleBody = z.output<typeof trackSaleBody>;

export interface TrackedCustomer {
  name: string | null;
  email: string | null;
  avatar: string | null;
  externalId: string | null;
}

export interface TrackLeadReply {
  click: { id: string };
  link: {
    id: string;
    domain: string;
    key: string;
    shortLink: string;
    url: string;
    partnerId: string | null;
    programId: string | null;
    tenantId: string | null;
    externalId: string | null;
  } | null;
  customer: TrackedCustomer;
}

export interface TrackSaleReply {
  eventName: string;
  customer: (TrackedCustomer & { id: string }) | null;
  sale: {
    amount: number;
    currency: string;
    paymentProcessor: string;
    invoiceId: string | null;
    metadata: Record<string, unknown> | null;
  } | null;
}
