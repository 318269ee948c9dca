import "server-only";

/**
 * The address a request came from, for throttling: the last X-Forwarded-For entry (the one the
 * nearest proxy, or Next's server, wrote). Behind a reverse proxy that appends to the header, as
 * nginx's proxy_add_x_forwarded_for does, a client cannot choose it.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || "unknown";
}
