import { pick } from "./visitors";

/** An IPv4 block (first address and prefix length) of one country, and how often visitors come from it. */
export interface AddressBlock {
  country: string;
  first: string;
  prefix: number;
  weight: number;
}

/**
 * Public blocks that the RIRs allocated to consumer ISPs of each country, where geoip-lite's shipped
 * GeoLite2 data places every address in that country (checked by addresses.test.ts).
 */
export const ADDRESS_BLOCKS: readonly AddressBlock[] = [
  { country: "US", first: "73.0.0.0", prefix: 8, weight: 18 },
  { country: "US", first: "24.0.0.0", prefix: 12, weight: 12 },
  { country: "GB", first: "86.0.0.0", prefix: 11, weight: 10 },
  { country: "DE", first: "79.192.0.0", prefix: 10, weight: 10 },
  { country: "FR", first: "86.192.0.0", prefix: 11, weight: 8 },
  { country: "IN", first: "117.192.0.0", prefix: 10, weight: 8 },
  { country: "BR", first: "177.0.0.0", prefix: 13, weight: 7 },
  { country: "CA", first: "99.224.0.0", prefix: 11, weight: 6 },
  { country: "JP", first: "126.0.0.0", prefix: 8, weight: 6 },
  { country: "AU", first: "110.140.0.0", prefix: 14, weight: 5 },
  { country: "ES", first: "88.0.0.0", prefix: 11, weight: 5 },
  { country: "IT", first: "79.0.0.0", prefix: 10, weight: 5 },
];

const WEIGHTED: readonly AddressBlock[] = ADDRESS_BLOCKS.flatMap((block) =>
  Array.from({ length: block.weight }, () => block),
);

const toNumber = (ip: string) => ip.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
const toIp = (n: number) =>
  [Math.floor(n / 2 ** 24), Math.floor(n / 2 ** 16) % 256, Math.floor(n / 256) % 256, n % 256].join(".");

/** A visitor's public address: a block by weight, then a host inside it (never a .0 or .255). */
export function visitorAddress(random: () => number): string {
  const block = pick(random, WEIGHTED);
  const size = 2 ** (32 - block.prefix);
  const offset = Math.floor(random() * size);
  const n = toNumber(block.first) + offset;
  // Keep clear of network and broadcast-looking addresses: .0 becomes .1, .255 becomes .254.
  const last = n % 256;
  return toIp(last === 0 ? n + 1 : last === 255 ? n - 1 : n);
}

/** Whether `ip` lies in `block`. */
export function inBlock(ip: string, block: AddressBlock): boolean {
  const size = 2 ** (32 - block.prefix);
  const offset = toNumber(ip) - toNumber(block.first);
  return offset >= 0 && offset < size;
}
