import { NextResponse, type NextRequest } from "next/server";
import { errorBody } from "@/lib/contract/errors";
import { HOST_REFUSED, apiRefusal, apiResponseHeaders, type ApiRefusal } from "@/lib/security/apiGate";
import { CSRF_COOKIE, newCsrfToken } from "@/lib/security/csrf";
import { API_CSP, isReadablePath, newNonce, pageCsp, securityHeaders } from "@/lib/security/headers";
import { isServedHost } from "@/lib/security/hosts";

/**
 * In front of every request (Next 16's proxy, once called middleware): the Host must be one the
 * dashboard serves; /api/* refuses other sites and state changes without the CSRF token; every
 * response carries the security headers, pages a nonce-based Content-Security-Policy.
 */

const publicUrl = process.env.PUBLIC_URL?.trim() || null;
const dev = process.env.NODE_ENV === "development";
const responseHeaders = securityHeaders(publicUrl);
const apiHeaders = Object.entries(apiResponseHeaders(publicUrl));

function refused({ status, code, message }: ApiRefusal): NextResponse {
  const response = NextResponse.json(errorBody(code, message), {
    status,
    headers: { "Cache-Control": "private, no-store" },
  });
  for (const [name, value] of apiHeaders) response.headers.set(name, value);
  return response;
}

/** A page address no one could type: a short page, not Next's error page for a crash. */
function pagePathRefused(): NextResponse {
  const response = new NextResponse(
    '<!doctype html><title>Not a valid address · Linklens</title><p>This address is not valid: it holds bytes that are not text. <a href="/">Go to the dashboard</a>.</p>',
    {
      status: 400,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    },
  );
  for (const [name, value] of Object.entries(responseHeaders)) response.headers.set(name, value);
  response.headers.set("Content-Security-Policy", API_CSP);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    const refusal = apiRefusal(request, request.nextUrl, publicUrl);
    if (refusal) return refused(refusal);
    const response = NextResponse.next();
    for (const [name, value] of apiHeaders) response.headers.set(name, value);
    return response;
  }
  if (!isServedHost(request.headers.get("host"), publicUrl)) return refused(HOST_REFUSED);
  if (!isReadablePath(pathname)) return pagePathRefused();

  const csrfCookie = request.cookies.get(CSRF_COOKIE)?.value;
  const nonce = newNonce();
  const csp = pageCsp(nonce, dev);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(responseHeaders)) response.headers.set(name, value);
  if (!csrfCookie) {
    const secure = publicUrl?.startsWith("https:") ?? false;
    response.cookies.set(CSRF_COOKIE, newCsrfToken(), { path: "/", sameSite: "strict", secure, httpOnly: false });
  }
  return response;
}

/**
 * Every path but static files and the webhook receiver. Next buffers a request's body (up to 10 MB)
 * for the proxy before the route sees it; the receiver reads its own body with a 256 KB cap as it
 * streams (lib/live/receiver.ts), and takes signed deliveries from the platform, not pages.
 */
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|api/webhooks$).*)"],
};
