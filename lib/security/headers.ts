import { hasControlCharacter } from "./controlCharacters";

/** Headers every response carries. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};

/**
 * What every response carries for a dashboard served at `publicUrl`: behind https, HSTS too (a
 * year; subdomains are left to whoever runs the domain).
 */
export function securityHeaders(publicUrl: string | null): Readonly<Record<string, string>> {
  return publicUrl?.startsWith("https:")
    ? { ...COMMON_HEADERS, "Strict-Transport-Security": "max-age=31536000" }
    : COMMON_HEADERS;
}

/**
 * A path every segment of which decodes to text without control characters. Others (`%00`,
 * `%ff`, a bare `%`) name nothing this dashboard serves, and would otherwise reach a route as a
 * parameter no store can look up.
 */
export function isReadablePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !hasControlCharacter(decoded);
}

/** API responses are data, never a document: nothing may run or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A page's Content-Security-Policy: scripts only with this response's nonce (Next puts it on its
 * own) and what they load; styles inline (React's style attributes); everything else from the
 * dashboard itself; never framed.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
