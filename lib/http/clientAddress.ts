import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";
import { peerStampInstalled, PEER_HEADER } from "./peerStamp";

/**
 * The one answer to "which client sent this request", for every throttle (sign-in, share-link
 * unlock) and for better-auth's own limiter and session records.
 *
 * The socket's peer address (stamped by ./peerStamp.ts before Next sees the request, so a client
 * cannot set it) is the client, unless it is one of the proxies TRUSTED_PROXIES names: then the
 * X-Forwarded-For entries are read from the right, each trusted hop skipped, and the first
 * untrusted one is the client. Entries left of it are the client's own say and are ignored.
 */
export type ClientAddressOf = (headers: Headers) => string;

/** What every request resolves to when the server did not stamp the socket's address: one shared, fail-closed bucket. */
export const UNKNOWN_CLIENT = "0.0.0.0";

/** Parses TRUSTED_PROXIES (comma- or space-separated IPs and CIDRs); throws naming the entry that is neither. */
export function trustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? "").split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const valid =
      extra === undefined &&
      ipaddr.isValid(address) &&
      (bits === undefined ||
        (/^\d{1,3}$/.test(bits) && Number(bits) <= (ipaddr.parse(address).kind() === "ipv4" ? 32 : 128)));
    if (!valid)
      throw new Error(
        `TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. 10.0.0.5, 10.0.0.0/24), got "${entry}".`,
      );
  }
  return entries;
}

/** What better-auth reads the client from (set on every request handed to it, replacing any the client sent). */
export const CLIENT_ADDRESS_HEADER = "x-linklens-client-address";

/**
 * An address as one client: IPv4-mapped IPv6 as IPv4, IPv6 as its /64 network's first address (a
 * host is given a whole /64 and can pick any address in it). Always a valid IP address.
 */
export function bucketOf(address: string): string {
  if (!ipaddr.isValid(address)) return UNKNOWN_CLIENT;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts;
  return new ipaddr.IPv6([...parts.slice(0, 4), 0, 0, 0, 0]).toString();
}

/** `request` as better-auth should see it: its client named by us alone. */
export function withClientAddress(request: Request, address: string, body?: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    body: body ?? request.body,
    signal: request.signal,
  };
  if (body === undefined && request.body) init.duplex = "half";
  return new Request(request.url, init);
}

/** The client's own address as the chain names it (not yet bucketed), or null when the server did not stamp the socket's. */
function clientChain(trusted: readonly string[], warnUnstamped: boolean): (headers: Headers) => string | null {
  const trust = trusted.length > 0 ? proxyaddr.compile([...trusted]) : () => false;
  let warned = false;
  return (headers) => {
    const peer = peerStampInstalled() ? headers.get(PEER_HEADER) : null;
    if (!peer) {
      if (!warned && warnUnstamped)
        console.error(
          "linklens: the server did not stamp the client's socket address; every request shares one sign-in bucket.",
        );
      warned = true;
      return null;
    }
    const request = {
      socket: { remoteAddress: peer },
      headers: { "x-forwarded-for": headers.get("x-forwarded-for") ?? "" },
    } as unknown as IncomingMessage;
    const chain = proxyaddr.all(request, trust);
    // The first untrusted hop; if a trusted proxy passed on something that is no address, the proxy is the client we know.
    for (let i = chain.length - 1; i >= 0; i--) if (ipaddr.isValid(chain[i])) return chain[i];
    return null;
  };
}

export function clientAddressResolver(trusted: readonly string[]): ClientAddressOf {
  const clientOf = clientChain(trusted, true);
  return (headers) => {
    const address = clientOf(headers);
    return address === null ? UNKNOWN_CLIENT : bucketOf(address);
  };
}

/**
 * Whether the client is on this machine: its address (as `clientAddressResolver` finds it, from
 * the socket, never from what the client says) is a loopback one. Unknown is not local.
 */
export function loopbackClientResolver(trusted: readonly string[]): (headers: Headers) => boolean {
  // Silent: the address resolver already says once that the socket's address is missing.
  const clientOf = clientChain(trusted, false);
  return (headers) => {
    const address = clientOf(headers);
    return address !== null && ipaddr.process(address).range() === "loopback";
  };
}
