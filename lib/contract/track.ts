import * as z from "./zod";
import { metadataSchema, optionalText, requiredText } from "./body";
import { PAYMENT_PROCESSORS } from "./events";
import { described, describeFields } from "./params";
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
const customerIdFields = describeFields(
  {
    customerExternalId: z.optional(requiredText(100)),
    externalId: z.optional(requiredText(100)),
    customerId: z.optional(requiredText(100)),
  },
  {
    customerExternalId:
      "The customer's ID in the client's system (required, under this name or an older one); the customer is created on its first lead.",
    externalId: "Deprecated: use customerExternalId (which wins when both are sent).",
    customerId: "Deprecated: use customerExternalId (which wins when both are sent).",
  },
);

const customerFields = {
  customerName: described(optionalText(100), "The customer's name."),
  customerEmail: described(z.optional(z.nullable(z.email())), "The customer's email."),
  customerAvatar: described(z.optional(z.nullable(webUrl())), "The customer's avatar image URL."),
};

const metadata = described(
  z.optional(metadataSchema),
  "Custom metadata of the event, searchable with `query=metadata['<key>']:<value>` on GET /events.",
);

function withCustomerExternalId<T extends { customerExternalId?: string; externalId?: string; customerId?: string }>() {
  return z.transform((body: T, ctx): Omit<T, "externalId" | "customerId"> & { customerExternalId: string } => {
    const { externalId, customerId, ...rest } = body;
    const customerExternalId = body.customerExternalId ?? externalId ?? customerId;
    if (customerExternalId === undefined) {
      ctx.issues.push({
        code: "invalid_type",
        expected: "string",
        input: undefined,
        path: ["customerExternalId"],
        message: "Required",
      });
      return z.NEVER;
    }
    return { ...rest, customerExternalId };
  });
}

export const trackLeadBody = z.pipe(
  z.object({
    clickId: described(
      z.string().check(z.maxLength(100)),
      "The click the lead comes from (the dub_id its visit carried). Empty: the click the customer's deferred lead named, else its first lead's (404 without one).",
    ),
    eventName: described(requiredText(255), 'The lead event\'s name, e.g. "Sign up".'),
    ...customerIdFields,
    ...customerFields,
    mode: described(
      z.optional(z.enum(LEAD_MODES)),
      "async or wait: the lead counts now. deferred: the customer and its click are kept and nothing counts until a later lead with an empty clickId.",
    ),
    eventQuantity: described(
      z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1000)))),
      "How many leads this event counts for (1 to 1,000). Default 1.",
    ),
    metadata,
  }),
  withCustomerExternalId(),
);

export type TrackLeadBody = z.output<typeof trackLeadBody>;

export const trackSaleBody = z.pipe(
  z.object({
    ...customerIdFields,
    amount: described(
      z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
      "The amount in the smallest unit of currency (cents; yen for JPY); stored in USD cents.",
    ),
    currency: described(
      z.optional(z.string().check(z.regex(/^[A-Za-z]{3}$/, "a three-letter ISO 4217 code"))),
      "Three-letter ISO 4217 code. Default usd.",
    ),
    eventName: described(z.optional(requiredText(255)), 'The sale event\'s name. Default "Purchase".'),
    paymentProcessor: described(z.optional(z.enum(PAYMENT_PROCESSORS)), "Who processed the payment. Default custom."),
    invoiceId: described(optionalText(190), "The invoice's ID: a sale with an invoice already tracked counts once."),
    metadata,
    leadEventName: described(
      optionalText(255),
      "Attributes the sale to the customer's latest lead of this event name. Default: its latest lead.",
    ),
    clickId: described(
      optionalText(100),
      "For a customer without a lead: the click the sale comes from (direct sale tracking).",
    ),
    ...customerFields,
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
  domain: described(requiredText(190), "The short link's domain."),
  key: described(requiredText(190), "The short link's slug."),
  url: described(optionalText(32_000), "The page the visitor is on."),
  referrer: described(optionalText(32_000), "The page's referrer."),
});

export type TrackClickBody = z.output<typeof trackClickBody>;

export interface TrackClickReply {
  clickId: string;
  partner: { id: string; name: string; image: string | null } | null;
  discount: null;
}
