import { z } from "zod";
import { isoTimestamp } from "./timestamps";

/**
 * Event schemas in two flavours built from the same shapes:
 * `strict` (no additional properties: what the embedded platform must emit)
 * and `loose` (extra fields tolerated: how we read the hosted platform).
 */

export const TAG_COLORS = ["red", "yellow", "green", "blue", "purple", "brown", "gray", "pink"] as const;
export const PAYMENT_PROCESSORS = ["stripe", "shopify", "paddle", "polar", "custom"] as const;
export const TRIGGERS = ["link", "qr", "pageview"] as const;
export const CONTINENTS = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;
export const SALE_TYPES = ["new", "recurring"] as const;

type Mode = "strict" | "loose";
type Shape = z.ZodRawShape;

function object<S extends Shape>(mode: Mode, shape: S) {
  return mode === "strict" ? z.strictObject(shape) : z.looseObject(shape);
}

const nullableString = z.string().nullable();

const clickShape = {
  id: z.string().min(1),
  timestamp: isoTimestamp,
  url: z.string(),
  country: z.string(),
  city: z.string(),
  region: z.string(),
  continent: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ua: nullableString.optional(),
  trigger: nullableString.optional(),
  referer: z.string(),
  refererUrl: z.string(),
  qr: z.boolean(),
  ip: z.string(),
};

function tagSchema(mode: Mode) {
  return object(mode, { id: z.string(), name: z.string(), color: z.enum(TAG_COLORS) });
}

function testVariantSchema(mode: Mode) {
  return object(mode, { url: z.string(), percentage: z.number().min(10).max(90) });
}

function linkShape(mode: Mode) {
  return {
    id: z.string().min(1),
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
    geo: z.record(z.string(), z.url()).nullable(),
    publicStats: z.boolean(),
    tags: z.array(tagSchema(mode)).nullable(),
    folderId: nullableString,
    webhookIds: z.array(z.string()),
    comments: nullableString,
    shortLink: z.url().startsWith("https://"),
    qrCode: z.url(),
    utm_source: nullableString,
    utm_medium: nullableString,
    utm_campaign: nullableString,
    utm_term: nullableString,
    utm_content: nullableString,
    testVariants: z.array(testVariantSchema(mode)).min(2).max(4).nullable().optional(),
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
  };
}

/** The deprecated top-level duplicates every event carries; each equals its successor field. */
const deprecatedClickFields = {
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

function customerSchema(mode: Mode) {
  return object(mode, {
    id: z.string(),
    externalId: nullableString,
    name: nullableString,
    email: nullableString,
    avatar: nullableString,
    country: nullableString,
    createdAt: isoTimestamp,
  });
}

function saleSchema(mode: Mode) {
  return object(mode, {
    amount: z.number().int(),
    currency: z.string().regex(/^[a-z]{3}$/),
    invoiceId: nullableString,
    paymentProcessor: z.enum(PAYMENT_PROCESSORS),
  });
}

function buildEventSchemas(mode: Mode) {
  const click = object(mode, clickShape);
  const link = object(mode, linkShape(mode));
  const timestamp = mode === "strict" ? isoTimestamp : z.string();
  const clickEvent = object(mode, {
    event: z.literal("click"),
    timestamp,
    click,
    link,
    ...deprecatedClickFields,
  });
  const leadShape = {
    timestamp,
    eventId: z.string(),
    eventName: z.string(),
    metadata: z.unknown().nullable(),
    click,
    link,
    customer: customerSchema(mode),
    ...deprecatedClickFields,
  };
  const leadEvent = object(mode, { event: z.literal("lead"), ...leadShape });
  const saleEvent = object(mode, {
    event: z.literal("sale"),
    ...leadShape,
    sale: saleSchema(mode),
    saleAmount: z.number(),
    invoice_id: z.string(),
    payment_processor: z.string(),
  });
  const event = z.discriminatedUnion("event", [clickEvent, leadEvent, saleEvent]);
  return { click, link, clickEvent, leadEvent, saleEvent, event, events: z.array(event) };
}

export const strictEvents = buildEventSchemas("strict");
export const looseEvents = buildEventSchemas("loose");

export type ClickRecord = z.infer<typeof strictEvents.click>;
export type LinkRecord = z.infer<typeof strictEvents.link>;
export type ClickEvent = z.infer<typeof strictEvents.clickEvent>;
export type LeadEvent = z.infer<typeof strictEvents.leadEvent>;
export type SaleEvent = z.infer<typeof strictEvents.saleEvent>;
export type LinkEvent = ClickEvent | LeadEvent | SaleEvent;
export type Customer = LeadEvent["customer"];
export type Tag = NonNullable<LinkRecord["tags"]>[number];
