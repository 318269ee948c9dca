import { lookup as systemLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses the dashboard may open connections to: every outgoing URL passes this policy
 * (the proxy's connections to a workspace's platform, checked once more at connect time by
 * ./outboundAgent.ts). Public unicast addresses are reachable; loopback, private, link-local (the
 * cloud metadata service), CGNAT, unique-local, multicast and every other special-purpose range
 * are not, unless the operator allows them: LINK_API_ALLOWED_HOSTS names hosts (with or without a
 * port) and CIDRs, and the platform the environment configures (LINK_API_BASE_URL, the embedded
 * one under `npm start`) is always allowed.
 */

export type Resolver = (hostname: string) => Promise<readonly string[]>;

type Range = ReturnType<ipaddr.IPv4["range"]> | ReturnType<ipaddr.IPv6["range"]>;

/** An entry of the allow list: a host by name or address (on one port, or any), or a range of addresses. */
export type AllowEntry =
  | { kind: "host"; host: string; port: number | null }
  | { kind: "range"; cidr: [ipaddr.IPv4 | ipaddr.IPv6, number] };

const RANGE_NAMES: Partial<Record<Range, string>> = {
  loopback: "a loopback address",
  private: "a private network address",
  linkLocal: "a link-local address (where cloud metadata services answer)",
  carrierGradeNat: "a shared (CGNAT) address",
  uniqueLocal: "a unique-local address",
  multicast: "a multicast address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  rfc6052: "a NAT64 address",
  rfc6145: "an IPv4-translated address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo address",
};

/** An address as ipaddr.js reads it, IPv4-mapped IPv6 (`::ffff:127.0.0.1`) taken as the IPv4 address it maps. */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (isIP(bare) === 0) return null;
  try {
    return ipaddr.process(bare);
  } catch {
    return null;
  }
}

/** Why `address` is internal (`a loopback address`), or null for a public unicast one. */
export function internalKind(address: string): string | null {
  const ip = parsed(address);
  if (!ip) return "not an IP address";
  const range = ip.range();
  if (range === "unicast") return null;
  return RANGE_NAMES[range] ?? "a special-purpose address";
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** A hostname as it compares: lowercase, without IPv6 brackets, IP addresses in their one canonical spelling. */
function canonicalHost(hostname: string): string {
  const ip = parsed(hostname);
  if (ip) return ip.toNormalizedString();
  return hostname.toLowerCase().replace(/\.$/, "");
}

/**
 * LINK_API_ALLOWED_HOSTS: a comma list of `host`, `host:port`, `[v6]:port` or CIDRs
 * (`10.0.0.0/8`, `fd00::/8`). Hosts are spelled as in a URL; an IP address is read in any spelling.
 */
export function parseAllowedHosts(
  raw: string | undefined,
): { ok: true; entries: AllowEntry[] } | { ok: false; message: string } {
  const entries: AllowEntry[] = [];
  for (const item of (raw ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (item.includes("/")) {
      try {
        entries.push({ kind: "range", cidr: ipaddr.parseCIDR(item) });
        continue;
      } catch {
        return {
          ok: false,
          message: `LINK_API_ALLOWED_HOSTS: "${item}" is not a CIDR range (e.g. 10.0.0.0/8 or fd00::/8).`,
        };
      }
    }
    // A bare IPv6 address has colons of its own: read it whole.
    if (isIP(item) === 6) {
      entries.push({ kind: "host", host: canonicalHost(item), port: null });
      continue;
    }
    let url: URL;
    try {
      url = new URL(`http://${item}`);
    } catch {
      url = new URL("http://invalid.invalid");
    }
    if (url.hostname === "invalid.invalid" || url.pathname !== "/" || url.username || url.search || url.hash) {
      return {
        ok: false,
        message: `LINK_API_ALLOWED_HOSTS: "${item}" is not a host, host:port or CIDR (e.g. platform.internal:8787, 10.0.0.0/8).`,
      };
    }
    entries.push({ kind: "host", host: canonicalHost(url.hostname), port: url.port ? Number(url.port) : null });
  }
  return { ok: true, entries };
}

/** The allow entry for a configured platform URL (its host on its port). */
export function allowEntryOf(url: URL): AllowEntry {
  return { kind: "host", host: canonicalHost(url.hostname), port: portOf(url) };
}

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    systemLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    );
  });

/** A refusal: the dashboard will not connect there. Its message is safe to show to whoever configured the URL. */
export class AddressRefused extends Error {
  readonly code = "ELINKLENS_ADDRESS_REFUSED";
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

const HOW_TO_ALLOW = "An operator can allow it with LINK_API_ALLOWED_HOSTS.";

export class AddressPolicy {
  /**
   * @param misconfigured why the environment's allow list cannot be read: then nothing is reached,
   * and every refusal says what to fix.
   */
  constructor(
    private readonly entries: readonly AllowEntry[],
    private readonly resolver: Resolver = systemResolver,
    private readonly misconfigured: string | null = null,
  ) {}

  /** Is `hostname` on `port` named by the operator? Then the connection goes wherever the name leads. */
  allowsHost(hostname: string, port: number): boolean {
    if (this.misconfigured) return false;
    const host = canonicalHost(hostname);
    return this.entries.some(
      (entry) => entry.kind === "host" && entry.host === host && (entry.port === null || entry.port === port),
    );
  }

  /** Why `address` may not be connected to, or null. */
  addressRefusal(hostname: string, address: string): AddressRefused | null {
    if (this.misconfigured) return new AddressRefused(this.misconfigured);
    const kind = internalKind(address);
    if (kind === null) return null;
    const ip = parsed(address);
    if (
      ip &&
      this.entries.some((entry) => entry.kind === "range" && ip.kind() === entry.cidr[0].kind() && ip.match(entry.cidr))
    )
      return null;
    const shown = canonicalHost(hostname) === canonicalHost(address) ? hostname : `${hostname} (${address})`;
    return new AddressRefused(`${shown} is ${kind}, which this dashboard does not connect to. ${HOW_TO_ALLOW}`);
  }

  /** The addresses `hostname` may be reached at now, or the refusal: one internal answer refuses the name. */
  async resolve(hostname: string): Promise<string[]> {
    if (this.misconfigured) throw new AddressRefused(this.misconfigured);
    const addresses = [...(await this.resolver(hostname))];
    if (addresses.length === 0) throw Object.assign(new Error(`${hostname} has no address.`), { code: "ENOTFOUND" });
    for (const address of addresses) {
      const refused = this.addressRefusal(hostname, address);
      if (refused) throw refused;
    }
    return addresses;
  }

  /**
   * Why `url` may not be reached (checked when an owner saves it), or null. A name is resolved
   * now to tell the owner at once; one that does not resolve yet passes, and every connection
   * checks again (./outboundAgent.ts), so a name whose answers change later is still refused.
   */
  async refusal(url: URL): Promise<string | null> {
    if (this.allowsHost(url.hostname, portOf(url))) return null;
    if (parsed(url.hostname)) return this.addressRefusal(url.hostname, url.hostname)?.message ?? null;
    try {
      await this.resolve(url.hostname);
      return null;
    } catch (error) {
      return error instanceof AddressRefused ? error.message : null;
    }
  }
}

/** The policy the environment sets: LINK_API_ALLOWED_HOSTS, and LINK_API_BASE_URL's host and port. */
export function addressPolicyFrom(
  env: Readonly<Record<string, string | undefined>>,
  resolver?: Resolver,
): AddressPolicy {
  const allowed = parseAllowedHosts(env.LINK_API_ALLOWED_HOSTS);
  if (!allowed.ok) return new AddressPolicy([], resolver, `The dashboard is not configured: ${allowed.message}`);
  const entries = [...allowed.entries];
  const base = env.LINK_API_BASE_URL?.trim();
  if (base && URL.canParse(base)) entries.push(allowEntryOf(new URL(base)));
  return new AddressPolicy(entries, resolver);
}
