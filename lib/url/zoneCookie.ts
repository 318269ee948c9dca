import { canonicalTimeZone } from "../contract/dateRange";

/**
 * The cookie holding the visitor's time zone, written by the page (it knows the browser's zone):
 * with it the server renders the first screen of a URL that names no zone in the zone the page
 * is about to write into it, so such a URL is filled with the HTML too.
 */
export const ZONE_COOKIE = "linklens_tz";

/** The `document.cookie` line that remembers `zone` for a year on every path. */
export function zoneCookieLine(zone: string): string {
  return `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

/** The zone a cookie value names, canonical, or null for anything that is not an IANA zone (a cookie is the client's word). */
export function zoneOfCookie(value: string | undefined): string | null {
  if (!value || value.length > 64) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(value);
  } catch {
    return null;
  }
  return canonicalTimeZone(zone);
}

/**
 * The search the server fills the first screen for: the URL's own when it names a zone, else the
 * URL with the visitor's remembered zone (null when there is none: the browser then asks).
 */
export function searchWithZone(search: URLSearchParams, cookieValue: string | undefined): URLSearchParams | null {
  if (search.get("timezone")) return search;
  const zone = zoneOfCookie(cookieValue);
  if (!zone) return null;
  const zoned = new URLSearchParams(search);
  zoned.set("timezone", zone);
  return zoned;
}
