/**
 * Double-submit CSRF token: a random value in a cookie the page's script can read, echoed in a
 * header on every state-changing request. Another site can neither read the cookie nor set the
 * header (a custom header forces a CORS preflight it will not pass), on top of the cross-site
 * check and SameSite cookies.
 */
export const CSRF_COOKIE = "linklens_csrf";
export const CSRF_HEADER = "x-linklens-csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function changesState(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

export function newCsrfToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
