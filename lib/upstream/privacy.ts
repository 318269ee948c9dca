import { maskIp } from "../http/maskIp";
import type { UpstreamReply } from "./client";
import { redactEventsBytes } from "./eventsBytes";
import { analyticsJson, eventsArray } from "./eventsReply";
import { bytesOf, replyFromBytes } from "./replyBytes";

/** What of an event the requester may see beyond what every viewer sees. */
export interface Disclosure {
  /** Full IP addresses (`click.ip`, the deprecated top-level `ip`); masked otherwise. */
  revealIps: boolean;
  /** Customers' and partners' email addresses left out (null): a viewer's and a share link's lot. */
  hideEmails?: boolean;
}

export const MASKED: Disclosure = { revealIps: false };

/** What a viewer and a share link's recipient see: masked IPs, no emails (and, as everyone, no link passwords). */
export const RESTRICTED: Disclosure = { revealIps: false, hideEmails: true };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withoutEmail(record: Record<string, unknown>): Record<string, unknown> {
  return typeof record.email === "string" ? { ...record, email: null } : record;
}

function withoutPassword(link: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(link, "password")) return link;
  const { password: _password, ...rest } = link;
  return rest;
}

/**
 * One element of a GET /events reply as it may leave the server: the link's `password` (the
 * platform sends it; no page shows it) is left out, and IPs are masked unless disclosed. Whatever
 * else the element holds (the hosted platform's extra fields) passes unchanged.
 */
export function redactEvent(element: unknown, disclosure: Disclosure): unknown {
  if (!isRecord(element)) return element;
  const out: Record<string, unknown> = { ...element };
  if (isRecord(out.link)) out.link = withoutPassword(out.link);
  if (disclosure.hideEmails && isRecord(out.customer)) out.customer = withoutEmail(out.customer);
  if (!disclosure.revealIps) {
    if (isRecord(out.click) && typeof out.click.ip === "string") out.click = { ...out.click, ip: maskIp(out.click.ip) };
    if (typeof out.ip === "string") out.ip = maskIp(out.ip);
  }
  return out;
}

export function redactEvents(elements: readonly unknown[], disclosure: Disclosure): unknown[] {
  return elements.map((element) => redactEvent(element, disclosure));
}

/** GET /analytics rows as they may leave the server: partners' emails (top_partners) left out unless disclosed; a 200 that is not analytics JSON is a 502. */
export function redactAnalyticsReply(reply: UpstreamReply, disclosure: Disclosure): UpstreamReply {
  if (reply.status !== 200) return reply;
  const rows = analyticsJson(reply.body);
  if (!disclosure.hideEmails || !Array.isArray(rows)) return reply;
  const shown = rows.map((row) =>
    isRecord(row) && isRecord(row.partner) ? { ...row, partner: withoutEmail(row.partner) } : row,
  );
  return { ...reply, body: JSON.stringify(shown) };
}

/** Names what `disclosure` shows, so a cache never serves one requester another's variant. */
export function disclosureVariant(disclosure: Disclosure): string {
  return `${disclosure.revealIps ? "ips=revealed" : "ips=masked"}${disclosure.hideEmails ? " emails=hidden" : ""}`;
}

/**
 * `redactEvent` on an element this code has just parsed and owns: changed where it stands rather
 * than copied (a page of events is some hundreds of kB), with what is left out set to undefined,
 * which JSON.stringify omits as it omits a missing key. The same text as `redactEvent`'s.
 */
function redactParsedEvent(element: unknown, disclosure: Disclosure): void {
  if (!isRecord(element)) return;
  const { link, customer, click } = element;
  if (isRecord(link) && Object.hasOwn(link, "password")) link.password = undefined;
  if (disclosure.hideEmails && isRecord(customer) && typeof customer.email === "string") customer.email = null;
  if (!disclosure.revealIps) {
    if (isRecord(click) && typeof click.ip === "string") click.ip = maskIp(click.ip);
    if (typeof element.ip === "string") element.ip = maskIp(element.ip);
  }
}

/**
 * A GET /events reply as it may leave the server: each element redacted; a 200 that is not a JSON
 * array is a 502 (./eventsReply.ts). A reply read as bytes is redacted on its bytes
 * (./eventsBytes.ts); one that pass cannot read, or that came as text, is parsed.
 */
export function redactEventsReply(reply: UpstreamReply, disclosure: Disclosure): UpstreamReply {
  if (reply.status !== 200) return reply;
  const bytes = bytesOf(reply);
  const redacted = bytes && redactEventsBytes(bytes, disclosure);
  if (redacted) return replyFromBytes(reply.status, reply.headers, redacted);
  const events = eventsArray(reply.body);
  for (const element of events) redactParsedEvent(element, disclosure);
  return { ...reply, body: JSON.stringify(events) };
}
