/** Loopback names the dashboard always answers to, on any port. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The hostname of a Host header value (`example.com:3000` → `example.com`, `[::1]:3000` → `[::1]`), lowercased. */
function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  return lower.replace(/:\d*$/, "");
}

/**
 * Is `host` (the request's Host header) one the dashboard is configured to serve? Loopback names
 * always; PUBLIC_URL's host (with its port) when set. Any other name is how a DNS-rebinding page
 * would reach a dashboard bound to loopback, so it is refused.
 */
export function isServedHost(host: string | null, publicUrl: string | null): boolean {
  if (!host || host.length > 300) return false;
  if (LOOPBACK.has(hostnameOf(host))) return /^(?:\[[^\]]+\]|[^:]+)(?::\d{1,5})?$/.test(host.trim());
  if (!publicUrl) return false;
  return host.trim().toLowerCase() === new URL(publicUrl).host;
}

/** The origin a request was made to (scheme from PUBLIC_URL when the host is PUBLIC_URL's, else the request's own). */
export function requestOrigin(url: URL, host: string, publicUrl: string | null): string {
  if (publicUrl && new URL(publicUrl).host === host.toLowerCase()) return new URL(publicUrl).origin;
  return `${url.protocol}//${host.toLowerCase()}`;
}
