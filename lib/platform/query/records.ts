import {
  PAYMENT_PROCESSORS,
  TAG_COLORS,
  type ClickRecord,
  type Customer,
  type LinkRecord,
  type Tag,
} from "../../contract/events";
import { NEVER, toIso } from "../../contract/timestamps";
import type { Row } from "./db";
import { bool, date, json, ndate, nstr, num, str, strList } from "./rows";

/** Store rows → the contract's records. Column lists live next to their readers. */

/** `alias.a, alias.b, ...` */
export function selectAs(alias: string, columns: readonly string[]): string {
  return columns.map((column) => `${alias}.${column}`).join(", ");
}

export const CLICK_FIELDS = [
  "id",
  "timestamp",
  "url",
  "country",
  "city",
  "region",
  "continent",
  "device",
  "browser",
  "os",
  "ua",
  "trigger",
  "referer",
  "referer_url",
  "ip",
] as const;
export const CLICK_COLUMNS = selectAs("e", CLICK_FIELDS);

/**
 * A click's fields that its leads and sales do not carry (they carry the rest, eventTables.ts
 * CLICK_DIMENSIONS): its id, its own time, its user agent and its IP.
 */
export const CLICK_OWN_FIELDS = ["id", "timestamp", "ua", "ip"] as const;

/** A lead's or sale's click: its copy of the click's columns, with `own` (CLICK_OWN_FIELDS of the click's row). */
export function readEventClick(event: Row, own: Row): ClickRecord {
  return readClick({ ...event, ...own });
}

export function readClick(row: Row): ClickRecord {
  const trigger = str(row, "trigger");
  return {
    id: str(row, "id"),
    timestamp: toIso(date(row, "timestamp")),
    url: str(row, "url"),
    country: str(row, "country"),
    city: str(row, "city"),
    region: str(row, "region"),
    continent: str(row, "continent"),
    device: str(row, "device"),
    browser: str(row, "browser"),
    os: str(row, "os"),
    ua: nstr(row, "ua"),
    trigger,
    referer: str(row, "referer"),
    refererUrl: str(row, "referer_url"),
    qr: trigger === "qr",
    ip: str(row, "ip"),
  };
}

export const LINK_COLUMNS = `l.id, l.workspace_id, l.domain, l.key, l.url, l.track_conversion, l.external_id, l.tenant_id, l.program_id,
  l.partner_id, l.archived, l.expires_at, l.expired_url, l.disabled_at, l.password, l.proxy, l.title, l.description,
  l.image, l.video, l.rewrite, l.do_index, l.ios, l.android, l.geo, l.public_stats, l.folder_id, l.webhook_ids, l.comments,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.test_variants, l.test_started_at,
  l.test_completed_at, l.user_id, l.clicks, l.leads, l.conversions, l.sales, l.sale_amount, l.last_clicked,
  l.created_at, l.updated_at`;

export const QR_CODE_BASE = "https://api.linklens.dev/qr";

export function shortLinkOf(domain: string, key: string): string {
  return key === "_root" ? `https://${domain}` : `https://${domain}/${encodeURI(key)}`;
}

/** As the hosted platform forms it: the QR code of the short link with `qr=1`, so that its scans count as QR scans. */
export function qrCodeOf(shortLink: string): string {
  return `${QR_CODE_BASE}?url=${encodeURIComponent(`${shortLink}?qr=1`)}`;
}

function isTagColor(value: string): value is Tag["color"] {
  return (TAG_COLORS as readonly string[]).includes(value);
}

export function readTag(row: Row): Tag {
  const color = str(row, "color");
  if (!isTagColor(color)) throw new Error(`column color: ${color} is not a tag color`);
  return { id: str(row, "id"), name: str(row, "name"), color };
}

export function readLink(row: Row, tags: Tag[]): LinkRecord {
  const createdAt = toIso(date(row, "created_at"));
  const orCreated = (column: string) => {
    const value = ndate(row, column);
    return value ? toIso(value) : createdAt;
  };
  const orNever = (column: string) => {
    const value = ndate(row, column);
    return value ? toIso(value) : NEVER;
  };
  const domain = str(row, "domain");
  const key = str(row, "key");
  const shortLink = shortLinkOf(domain, key);
  const workspaceId = str(row, "workspace_id");
  return {
    id: str(row, "id"),
    domain,
    key,
    url: str(row, "url"),
    trackConversion: bool(row, "track_conversion"),
    externalId: nstr(row, "external_id"),
    tenantId: nstr(row, "tenant_id"),
    programId: nstr(row, "program_id"),
    partnerId: nstr(row, "partner_id"),
    archived: bool(row, "archived"),
    expiresAt: orNever("expires_at"),
    expiredUrl: nstr(row, "expired_url"),
    disabledAt: orNever("disabled_at"),
    password: nstr(row, "password"),
    proxy: bool(row, "proxy"),
    title: nstr(row, "title"),
    description: nstr(row, "description"),
    image: nstr(row, "image"),
    video: nstr(row, "video"),
    rewrite: bool(row, "rewrite"),
    doIndex: bool(row, "do_index"),
    ios: nstr(row, "ios"),
    android: nstr(row, "android"),
    geo: json(row, "geo") as LinkRecord["geo"],
    publicStats: bool(row, "public_stats"),
    tags,
    folderId: nstr(row, "folder_id"),
    webhookIds: strList(row, "webhook_ids"),
    comments: nstr(row, "comments"),
    shortLink,
    qrCode: qrCodeOf(shortLink),
    utm_source: nstr(row, "utm_source"),
    utm_medium: nstr(row, "utm_medium"),
    utm_campaign: nstr(row, "utm_campaign"),
    utm_term: nstr(row, "utm_term"),
    utm_content: nstr(row, "utm_content"),
    testVariants: json(row, "test_variants") as LinkRecord["testVariants"],
    testStartedAt: orCreated("test_started_at"),
    testCompletedAt: orCreated("test_completed_at"),
    userId: nstr(row, "user_id"),
    workspaceId,
    clicks: num(row, "clicks"),
    leads: num(row, "leads"),
    conversions: num(row, "conversions"),
    sales: num(row, "sales"),
    saleAmount: num(row, "sale_amount"),
    lastClicked: orCreated("last_clicked"),
    createdAt,
    updatedAt: toIso(date(row, "updated_at")),
    tagId: tags[0]?.id ?? null,
    projectId: workspaceId,
  };
}

export const CUSTOMER_FIELDS = ["id", "external_id", "name", "email", "avatar", "country", "created_at"] as const;

export function readCustomer(row: Row): Customer {
  return {
    id: str(row, "id"),
    externalId: str(row, "external_id"),
    name: nstr(row, "name"),
    email: nstr(row, "email"),
    avatar: nstr(row, "avatar"),
    country: nstr(row, "country"),
    createdAt: toIso(date(row, "created_at")),
  };
}

export type PaymentProcessor = (typeof PAYMENT_PROCESSORS)[number];

export function paymentProcessor(row: Row): PaymentProcessor {
  const value = str(row, "payment_processor");
  const found = PAYMENT_PROCESSORS.find((p) => p === value);
  if (!found) throw new Error(`column payment_processor: unknown processor ${value}`);
  return found;
}
