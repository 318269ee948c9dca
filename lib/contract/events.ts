import * as z from "./zod";
import { deprecatedFields, deprecatedSaleFields } from "./deprecatedFields";
import { isoTimestamp } from "./timestamps";

/**
 * Event schemas in two flavours with the same structure:
 * `strict` (no additional properties, our formats, duplicates equal to their successors: what the
 * embedded platform must emit) and `loose` (how we read the hosted platform: extra fields kept,
 * and whatever the spec leaves unspecified — timestamp formats, enum values, fields it does not
 * show, deprecated duplicates — tolerated).
 */

export const TAG_COLORS = ["red", "yellow", "green", "blue", "purple", "brown", "gray", "pink"] as const;
export const PAYMENT_PROCESSORS = ["stripe", "shopify", "paddle", "polar", "custom"] as const;
export const TRIGGERS = ["link", "qr", "pageview"] as const;
export const CONTINENTS = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;
export const SALE_TYPES = ["new", "recurring"] as const;

const nullableString = z.nullable(z.string());

// ---- strict: what the embedded platform emits ----

const strictClick = z.strictObject({
  id: z.string().check(z.minLength(1)),
  timestamp: isoTimestamp,
  url: z.string(),
  country: z.string(),
  city: z.string(),
  region: z.string(),
  continent: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ua: z.optional(nullableString),
  trigger: z.optional(nullableString),
  referer: z.string(),
  refererUrl: z.string(),
  qr: z.boolean(),
  ip: z.string(),
});

const strictTag = z.strictObject({ id: z.string(), name: z.string(), color: z.enum(TAG_COLORS) });

const strictLink = z.strictObject({
  id: z.string().check(z.minLength(1)),
  domain: z.string(),
  key: z.string(),
  url: z.string(),
  trackConversion: z.boolean(),
  externalId: nullableString,
  tenantId: nullableString,
  programId: nullableString,
  partnerId: nullableString,
  archived: z.boolean(),
  expiresAt: isoTimestamp,
  expiredUrl: nullableString,
  disabledAt: isoTimestamp,
  password: nullableString,
  proxy: z.boolean(),
  title: nullableString,
  description: nullableString,
  image: nullableString,
  video: nullableString,
  rewrite: z.boolean(),
  doIndex: z.boolean(),
  ios: nullableString,
  android: nullableString,
  geo: z.nullable(z.record(z.string(), z.url())),
  publicStats: z.boolean(),
  tags: z.nullable(z.array(strictTag)),
  folderId: nullableString,
  webhookIds: z.array(z.string()),
  comments: nullableString,
  shortLink: z.url().check(z.startsWith("https://")),
  qrCode: z.url(),
  utm_source: nullableString,
  utm_medium: nullableString,
  utm_campaign: nullableString,
  utm_term: nullableString,
  utm_content: nullableString,
  testVariants: z.optional(
    z.nullable(
      z
        .array(z.strictObject({ url: z.string(), percentage: z.number().check(z.gte(10), z.lte(90)) }))
        .check(z.minLength(2), z.maxLength(4)),
    ),
  ),
  testStartedAt: isoTimestamp,
  testCompletedAt: isoTimestamp,
  userId: nullableString,
  workspaceId: z.string(),
  clicks: z.number(),
  leads: z.number(),
  conversions: z.number(),
  sales: z.number(),
  saleAmount: z.number(),
  lastClicked: isoTimestamp,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  tagId: nullableString,
  projectId: z.string(),
});

const strictCustomer = z.strictObject({
  id: z.string(),
  // The hosted platform creates a customer from the client's external id, and its SDK requires a string.
  externalId: z.string(),
  name: nullableString,
  email: nullableString,
  avatar: nullableString,
  country: nullableString,
  createdAt: isoTimestamp,
});

const strictSale = z.strictObject({
  amount: z.number().check(z.int()),
  currency: z.string().check(z.regex(/^[a-z]{3}$/)),
  invoiceId: nullableString,
  paymentProcessor: z.enum(PAYMENT_PROCESSORS),
});

/** The deprecated top-level duplicates every event carries; each equals its successor field. */
const strictDuplicates = {
  click_id: z.string(),
  link_id: z.string(),
  domain: z.string(),
  key: z.string(),
  url: z.string(),
  continent: z.string(),
  country: z.string(),
  city: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  qr: z.union([z.literal(0), z.literal(1)]),
  ip: z.string(),
};

const strictSaleDuplicates = { saleAmount: z.number(), invoice_id: z.string(), payment_processor: z.string() };

// ---- loose: how the hosted platform is read ----

/** Timestamp-like fields: the spec does not show their format, and the hosted platform sends null for "never". */
const anyTime = z.optional(z.nullable(z.string()));
const optionalString = z.optional(nullableString);
/** The spec's link counters: "Default 0". */
const counter = z._default(z.number(), 0);

// The loose records are the strict ones relaxed: only what differs is written here.

const looseClick = z.extend(z.looseObject(strictClick.shape), { timestamp: anyTime });

const looseTag = z.looseObject({ id: z.string(), name: z.string(), color: z.optional(z.string()) });

/** Every field optional except what identifies the link and what the UI shows of it. */
const looseLink = z.extend(z.partial(z.looseObject(strictLink.shape)), {
  id: z.string().check(z.minLength(1)),
  domain: z.string(),
  key: z.string(),
  url: z.string(),
  shortLink: z.string(),
  qrCode: optionalString,
  geo: z.optional(z.nullable(z.record(z.string(), z.string()))),
  tags: z.optional(z.nullable(z.array(looseTag))),
  webhookIds: z.optional(z.nullable(z.array(z.string()))),
  testVariants: z.optional(z.nullable(z.array(z.looseObject({ url: z.string(), percentage: z.number() })))),
  expiresAt: anyTime,
  disabledAt: anyTime,
  testStartedAt: anyTime,
  testCompletedAt: anyTime,
  lastClicked: anyTime,
  createdAt: anyTime,
  updatedAt: anyTime,
  clicks: counter,
  leads: counter,
  conversions: counter,
  sales: counter,
  saleAmount: counter,
});

const looseCustomer = z.extend(z.partial(z.looseObject(strictCustomer.shape)), {
  id: z.string(),
  externalId: optionalString,
  createdAt: anyTime,
});

const looseSale = z.looseObject({
  amount: z.number(),
  // Any case: readers may lowercase it.
  currency: z.string(),
  invoiceId: optionalString,
  paymentProcessor: z.optional(z.string()),
});

const looseDuplicates = z.partial(z.object(strictDuplicates)).shape;
const looseSaleDuplicates = z.partial(z.object(strictSaleDuplicates)).shape;

// ---- events ----

export type ClickRecord = z.infer<typeof strictClick>;
export type LinkRecord = z.infer<typeof strictLink>;
export type Customer = z.infer<typeof strictCustomer>;
export type SaleRecord = z.infer<typeof strictSale>;
export type Tag = z.infer<typeof strictTag>;

interface WithDuplicates {
  click: ClickRecord;
  link: LinkRecord;
  sale?: SaleRecord;
}

/** Strict events only: every deprecated duplicate equals what deprecatedFields derives from its successor. */
function duplicatesMatch(event: WithDuplicates & Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const expected: Record<string, unknown> = {
    ...deprecatedFields(event.click, event.link),
    ...(event.sale ? deprecatedSaleFields(event.sale) : {}),
  };
  for (const [name, value] of Object.entries(expected)) {
    if (event[name] === value) continue;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: `deprecated "${name}" must equal its successor field (${JSON.stringify(value)}), got ${JSON.stringify(event[name])}`,
    });
  }
}

function strictEventSchemas() {
  const leadShape = {
    timestamp: isoTimestamp,
    eventId: z.string(),
    eventName: z.string(),
    metadata: z.nullable(z.unknown()),
    click: strictClick,
    link: strictLink,
    customer: strictCustomer,
    ...strictDuplicates,
  };
  const clickEvent = z
    .strictObject({
      event: z.literal("click"),
      timestamp: isoTimestamp,
      click: strictClick,
      link: strictLink,
      ...strictDuplicates,
    })
    .check(z.superRefine(duplicatesMatch));
  const leadEvent = z.strictObject({ event: z.literal("lead"), ...leadShape }).check(z.superRefine(duplicatesMatch));
  const saleEvent = z
    .strictObject({ event: z.literal("sale"), ...leadShape, sale: strictSale, ...strictSaleDuplicates })
    .check(z.superRefine(duplicatesMatch));
  const event = z.discriminatedUnion("event", [clickEvent, leadEvent, saleEvent]);
  return {
    click: strictClick,
    link: strictLink,
    customer: strictCustomer,
    sale: strictSale,
    clickEvent,
    leadEvent,
    saleEvent,
    event,
    events: z.array(event),
  };
}

function looseEventSchemas() {
  // The spec shows these for leads; customer and the deprecated duplicates it does not.
  const leadShape = {
    timestamp: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    metadata: z.optional(z.nullable(z.unknown())),
    click: looseClick,
    link: looseLink,
    customer: z.optional(looseCustomer),
    ...looseDuplicates,
  };
  const clickEvent = z.looseObject({
    event: z.literal("click"),
    timestamp: z.string(),
    click: looseClick,
    link: looseLink,
    ...looseDuplicates,
  });
  const leadEvent = z.looseObject({ event: z.literal("lead"), ...leadShape });
  const saleEvent = z.looseObject({ event: z.literal("sale"), ...leadShape, sale: looseSale, ...looseSaleDuplicates });
  const event = z.discriminatedUnion("event", [clickEvent, leadEvent, saleEvent]);
  return {
    click: looseClick,
    link: looseLink,
    customer: looseCustomer,
    sale: looseSale,
    clickEvent,
    leadEvent,
    saleEvent,
    event,
    events: z.array(event),
  };
}

export const strictEvents = strictEventSchemas();
export const looseEvents = looseEventSchemas();

export type ClickEvent = z.infer<typeof strictEvents.clickEvent>;
export type LeadEvent = z.infer<typeof strictEvents.leadEvent>;
export type SaleEvent = z.infer<typeof strictEvents.saleEvent>;
export type LinkEvent = ClickEvent | LeadEvent | SaleEvent;
