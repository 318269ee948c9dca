import { createRequire } from "node:module";
import { continentOf } from "./continents";

/** Where a click came from, as the click record stores it. */
export interface ClickGeo {
  country: string;
  city: string;
  /** ISO 3166-2, e.g. US-CA. */
  region: string;
  continent: string;
}

/** What the geoip-lite package answers for an address (its shipped GeoLite2 data; Apache-2.0 code). */
interface GeoIpLite {
  lookup(ip: string): { country: string; region: string; city: string } | null;
}

/** Values for an address the database does not place (loopback, private networks), as the hosted platform records them. */
export const UNKNOWN = "Unknown";
const UNPLACED: ClickGeo = { country: UNKNOWN, city: UNKNOWN, region: UNKNOWN, continent: UNKNOWN };

let database: GeoIpLite | null = null;

/** Loaded on the first visit (about 150 MB), or ahead of it by loadGeoDatabase(); never by a platform that only answers the API. */
function geoIp(): GeoIpLite {
  database ??= createRequire(import.meta.url)("geoip-lite") as GeoIpLite;
  return database;
}

/**
 * Loads the database now. Reading it blocks the process (a tenth of a second with a warm disk
 * cache, seconds on a busy machine): a platform that records clicks does it as it starts, so that
 * neither its first click nor the connections waiting behind it are held up.
 */
export function loadGeoDatabase(): void {
  geoIp();
}

/**
 * Addresses placed lately: a visitor often follows several links, and a lookup (a binary search
 * of the database, and the record built from it) costs more than finding the answer here.
 * Bounded: the oldest is dropped first.
 */
const PLACED_CAPACITY = 10_000;
const placed = new Map<string, ClickGeo>();

/** The place of an IP address (v4 or v6, an IPv4-mapped v6 too), from the offline database. */
export function geoOf(ip: string): ClickGeo {
  const known = placed.get(ip);
  if (known) return known;
  const geo = lookup(ip);
  if (placed.size >= PLACED_CAPACITY) placed.delete(placed.keys().next().value as string);
  placed.set(ip, geo);
  return geo;
}

function lookup(ip: string): ClickGeo {
  const address = ip.startsWith("::ffff:") ? ip.slice("::ffff:".length) : ip;
  const found = geoIp().lookup(address);
  if (!found || !found.country) return UNPLACED;
  return Object.freeze({
    country: found.country,
    city: found.city || UNKNOWN,
    region: found.region ? `${found.country}-${found.region}` : UNKNOWN,
    continent: continentOf(found.country) ?? UNKNOWN,
  });
}
