import { cookieFrom } from "../http/cookies";
import { isCrossSite, isOpenToOtherSites } from "./crossSite";
import { CSRF_COOKIE, CSRF_HEADER, changesState } from "./csrf";
import { csrfMatches } from "./csrfCheck";
import { API_CSP, isReadablePath, securityHeaders } from "./headers";
import { isServedHost, requestOrigin } from "./hosts";

/** Why a request to the dashboard's API is refused before any handler runs. */
export interface ApiRefusal {
  status: 400 | 403;
  code: "bad_request" | "forbidden";
  message: string;
}

export const HOST_REFUSED: ApiRefusal = {
  status: 400,
  code: "bad_request",
  message: "This dashboard does not serve that host name; set PUBLIC_URL to the address people use.",
};

export const PATH_REFUSED: ApiRefusal = {
  status: 400,
  code: "bad_request",
  message: "The request path is not valid: it holds bytes that are not text.",
};

const CROSS_SITE_REFUSED: ApiRefusal = {
  status: 403,
  code: "forbidden",
  message: "Cross-site requests to this dashboard's API are refused.",
};

const CSRF_REFUSED: ApiRefusal = {
  status: 403,
  code: "forbidden",
  message: "This request lacks the dashboard's CSRF token; reload the page and retry.",
};

/**
 * The checks every request to /api/* passes, wherever it is answered (proxy.ts in front of Next's
 * routes; lib/server/directReads.ts for the reads it answers before Next): the Host is one the
 * dashboard serves (no DNS rebinding), the path is text, no other site asks (except the few paths
 * open to them), and a state change carries the CSRF token. `url` is the request's own URL (its protocol names the origin when the
 * Host is not PUBLIC_URL's).
 */
export function apiRefusal(
  request: Pick<Request, "method" | "headers">,
  url: URL,
  publicUrl: string | null,
): ApiRefusal | null {
  const host = request.headers.get("host");
  if (!isServedHost(host, publicUrl)) return HOST_REFUSED;
  if (!isReadablePath(url.pathname)) return PATH_REFUSED;
  const method = request.method.toUpperCase();
  if (isOpenToOtherSites(url.pathname, method)) return null;
  if (isCrossSite(request.headers, requestOrigin(url, host ?? "", publicUrl))) return CROSS_SITE_REFUSED;
  if (
    changesState(method) &&
    !csrfMatches(cookieFrom(request.headers.get("cookie"), CSRF_COOKIE) ?? undefined, request.headers.get(CSRF_HEADER))
  )
    return CSRF_REFUSED;
  return null;
}

/** The headers every API response carries: the security headers and a CSP that lets nothing run or frame it. */
export function apiResponseHeaders(publicUrl: string | null): Readonly<Record<string, string>> {
  return { ...securityHeaders(publicUrl), "Content-Security-Policy": API_CSP };
}
