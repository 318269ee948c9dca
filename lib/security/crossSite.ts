/**
 * Is this request to /api/* made by another site (a page elsewhere spending the rate budget,
 * reading data with the visitor's cookies, or posting a form)? Browsers say so in
 * `Sec-Fetch-Site`; older ones in `Origin`. A request without either (curl, a server) is not a
 * browser's cross-site request.
 */
export function isCrossSite(headers: Headers, ownOrigin: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  const origin = headers.get("origin");
  if (origin !== null && origin !== ownOrigin) return true;
  return false;
}

/** Paths other sites may reach: the webhook receiver (platforms call it server to server; it checks a signature). */
export function isOpenToOtherSites(pathname: string, method: string): boolean {
  if (pathname === "/api/webhooks" && method === "POST") return true;
  // A report's unsubscribe link: mail clients' one-click POST (RFC 8058) comes from elsewhere; the signed token is the check, and it only unsubscribes.
  if (pathname.startsWith("/api/unsubscribe/") && method === "POST") return true;
  // The OIDC provider sends the browser back here (a top-level GET, checked by better-auth's state, nonce and PKCE).
  return method === "GET" && pathname.startsWith("/api/auth/callback/");
}
