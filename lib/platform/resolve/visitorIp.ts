import { isIP } from "node:net";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The visitor's address for a click: the socket's peer, unless that peer is this machine and
 * names the visitor in X-Forwarded-For (a reverse proxy on the same host, or `npm run simulate`),
 * then the first address it names. A remote peer cannot choose the address of its clicks. (The
 * API's rate-limit buckets never read the header: ../http/clientIp.ts.)
 */
export function visitorIp(peer: string, forwardedFor: string | undefined): string {
  if (!LOOPBACK.has(peer) || !forwardedFor) return peer;
  const first = forwardedFor.split(",")[0].trim();
  return isIP(first) ? first : peer;
}
