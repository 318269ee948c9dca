import type { ClickEvent, ClickRecord, Customer, LeadEvent, LinkRecord, SaleEvent } from "@/lib/contract/events";
import { NEVER } from "@/lib/contract/timestamps";
import { deprecatedFields, deprecatedSaleFields } from "@/lib/contract/deprecatedFields";

/** Hand-made events valid under the contract's strict schemas, for unit tests. */

const AT = "2026-11-20T08:30:00.000Z";

export const sampleClick: ClickRecord = {
  id: "clk_1",
  timestamp: AT,
  url: "https://acme.com/pricing?plan=pro",
  country: "DE",
  city: "Berlin",
  region: "DE-BE",
  continent: "EU",
  device: "Desktop",
  browser: "Chrome",
  os: "Mac OS",
  ua: "Mozilla/5.0",
  trigger: "link",
  referer: "google.com",
  refererUrl: "https://google.com/search",
  qr: false,
  ip: "203.0.113.9",
};

export const sampleLink: LinkRecord = {
  id: "link_1",
  domain: "acme.link",
  key: "spring",
  url: "https://acme.com/pricing",
  trackConversion: true,
  externalId: null,
  tenantId: null,
  programId: null,
  partnerId: null,
  archived: false,
  expiresAt: NEVER,
  expiredUrl: null,
  disabledAt: NEVER,
  password: null,
  proxy: false,
  title: null,
  description: null,
  image: null,
  video: null,
  rewrite: false,
  doIndex: false,
  ios: null,
  android: null,
  geo: null,
  publicStats: false,
  tags: [],
  folderId: null,
  webhookIds: [],
  comments: null,
  shortLink: "https://acme.link/spring",
  qrCode: "https://api.linklens.dev/qr?url=https%3A%2F%2Facme.link%2Fspring",
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  testStartedAt: AT,
  testCompletedAt: AT,
  userId: null,
  workspaceId: "ws_acme",
  clicks: 10,
  leads: 1,
  conversions: 1,
  sales: 1,
  saleAmount: 4900,
  lastClicked: AT,
  createdAt: AT,
  updatedAt: AT,
  tagId: null,
  projectId: "ws_acme",
};

export function clickEvent(click: Partial<ClickRecord> = {}): ClickEvent {
  const c = { ...sampleClick, ...click };
  return { event: "click", timestamp: c.timestamp, click: c, link: sampleLink, ...deprecatedFields(c, sampleLink) };
}

const sampleCustomer: Customer = {
  id: "cus_1",
  externalId: "usr_1",
  name: "Ada Lovelace",
  email: "ada@example.com",
  avatar: null,
  country: "GB",
  createdAt: AT,
};

export function leadEvent(customer: Partial<Customer> = {}): LeadEvent {
  return {
    event: "lead",
    timestamp: AT,
    eventId: "evt_1",
    eventName: "Sign up",
    metadata: { plan: "pro" },
    click: sampleClick,
    link: sampleLink,
    customer: { ...sampleCustomer, ...customer },
    ...deprecatedFields(sampleClick, sampleLink),
  };
}

export function saleEvent(amount: number, currency: string, invoiceId: string | null = "in_1"): SaleEvent {
  const lead = leadEvent();
  const record = { amount, currency, invoiceId, paymentProcessor: "stripe" as const };
  return {
    ...lead,
    event: "sale",
    sale: record,
    ...deprecatedSaleFields(record),
  };
}
