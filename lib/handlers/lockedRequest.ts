import "server-only";
import { lockQuery } from "../access/shareLock";
import { analyticsQueryToParams, parseAnalyticsQuery } from "../contract/analytics";
import { appliesTo } from "../contract/dimensions";
import { ApiError } from "../contract/errors";
import { eventsQueryToParams, parseEventsQuery, type CommonQuery } from "../contract/query";
import type { ShareLink } from "../db/schema";
import { RAW_VALUES_PARAM } from "../export/params";
import { refuse, tooMany } from "../guard/refusal";
import { REFUSED_BY_HEADER } from "../http/refusedBy";
import type { ShareAllowance } from "../guard/shareAllowance";
import { readLock, unreadableLock } from "../guard/shareLink";
import { errorResponse } from "../upstream/gatewayError";
import { MIN_PRIORITY } from "../upstream/priority";

/** The export's own parameters (not the API's), kept as asked: which columns, raw values. */
const EXPORT_OWN_PARAMS = ["columns", RAW_VALUES_PARAM];

/** A share link's requests queue behind the team's in the key's budget. */
const SHARE_PRIORITY = MIN_PRIORITY + 2;

export type LockedEndpoint = "events" | "analytics" | "export";

function lockedParams(
  endpoint: LockedEndpoint,
  lock: CommonQuery,
  params: URLSearchParams,
  now: Date,
): URLSearchParams | string {
  if (endpoint === "analytics") {
    const requested = parseAnalyticsQuery(params);
    const event = requested.event;
    const locked = lockQuery(lock, requested, now, (param) => event === "composite" || appliesTo(param, event));
    return locked.ok ? analyticsQueryToParams(locked.query) : locked.reason;
  }
  const forEvents = new URLSearchParams(params);
  const own =
    endpoint === "export"
      ? EXPORT_OWN_PARAMS.flatMap((name) => (forEvents.has(name) ? [[name, forEvents.get(name) ?? ""] as const] : []))
      : [];
  for (const name of endpoint === "export" ? [...EXPORT_OWN_PARAMS, "page", "limit"] : []) forEvents.delete(name);
  forEvents.delete("revealIps");
  const requested = parseEventsQuery(forEvents);
  const locked = lockQuery(lock, requested, now, (param) => appliesTo(param, requested.event));
  if (!locked.ok) return locked.reason;
  const out = eventsQueryToParams(locked.query);
  for (const [name, value] of own) out.set(name, value);
  return out;
}

/**
 * A request made through a share link, as it may reach the platform: within the link's own rate
 * budget, at a low priority, its filters and range narrowed to the link's view whatever the
 * browser sent (../access/shareLock.ts). What would widen the view is refused with a 403.
 */
export function lockedRequest(
  link: ShareLink,
  request: Request,
  endpoint: LockedEndpoint,
  allowance: ShareAllowance,
  now: Date,
): Request | Response {
  const wait = allowance.take(link.id);
  if (wait !== null) return tooMany("This shared link is making requests faster than it may; retry shortly.", wait);
  const url = new URL(request.url);
  const read = readLock(link.query);
  if (!read.ok) return refuse("forbidden", unreadableLock(read.reasons));
  let params: URLSearchParams | string;
  try {
    params = lockedParams(endpoint, read.lock, url.searchParams, now);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  if (typeof params === "string") {
    const refused = refuse("forbidden", params);
    refused.headers.set(REFUSED_BY_HEADER, "share-lock");
    return refused;
  }
  url.search = params.toString();
  const headers = new Headers(request.headers);
  headers.set("X-Linklens-Priority", String(SHARE_PRIORITY));
  return new Request(url, { headers, signal: request.signal });
}
