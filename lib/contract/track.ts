import * as z from "./zod";
import { metadataSchema, optionalText, requiredText } from "./body";
import { PAYMENT_PROCESSORS } from "./events";
import { webUrl } from "./webUrl";

/**
 * POST /track/lead and POST /track/sale: the hosted platform's request and reply shapes (its SDK,
 * npm `dub`, calls them unchanged). Sales are stored in USD cents whatever the currency tracked.
 */

export const LEAD_MODES = ["async", "wait", "deferred"] as const;

/**
 * The customer's external id under its current name or the older ones the hosted platform still
 * accepts (`externalId`, then `customerId`): the current name wins when several are sent.
 */
const customerIdFields = {
  customerExternalId: z.optional(requiredText(100)),
  externalId: z.optional(requiredText(100)),
  customerId: z.optional(requiredText(100)),
};

function withCustomerExternalId<T extends { customerExternalId?: string; externalId?: string; customerId?: string }>() {
  return z.transform((body: T, ctx): Omit<T, "externalId" | "customerId"> & { customerExternalId: string } => {
    const { externalId, customerId, ...rest } = body;
    const customerExternalId = body.customerExternalId ?? externalId ?? customerId;
    if (customerExternalId === undefined) {
      ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined, path: ["customerExternalId"], message: "Required" });
      return z.NEVER;
    }
    return { ...rest, customerExternalId };
  });
}

export const trackLeadBody = z.pipe(
  z.object({
    /** Empty: the lead goes to the click the customer's deferred lead (or first lead) named. */
    clickId: z.string().check(z.maxLength(100)),
    eventName: requiredText(255),
    ...customerIdFields,
    customerName: optionalText(100),
    customerEmail: z.optional(z.nullable(z.email())),
    customerAvatar: z.optional(z.nullable(webUrl())),
    mode: z.optional(z.enum(LEAD_MODES)),
    eventQuantity: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1000)))),
    metadata: z.optional(metadataSchema),
  }),
  withCustomerExternalId(),
);

export type TrackLeadBody = z.output<typeof trackLeadBody>;

export const trackSaleBody = z.pipe(
  z.object({
    ...customerIdFields,
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
  }),
  withCustomerExternalId(),
);

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

/**
 * POST /track/click: a click the client saw itself (a page view with a referral, a button of its
 * app) on the workspace's link `domain`/`key`, recorded as a `pageview` click whose id the client
 * then tracks leads and sales on. `url` is the page visited (when an http(s) URL; the link's
 * destination otherwise), `referrer` the page before it.
 */
export const trackClickBody = z.object({
  domain: requiredText(190),
  key: requiredText(190),
  url: optionalText(32_000),
  referrer: optionalText(32_000),
});

export type TrackClickBody = z.output<typeof trackClickBody>;

export interface TrackClickReply {
  clickId: string;
  partner: { id: string; name: string; image: string | null } | null;
  discount: null;
}
