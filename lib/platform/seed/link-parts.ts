/** Building blocks of links: destinations, UTM parameters, A/B variants, targeting. */
import { Picker, type Rng } from "./prng";
import {
  CONTENT_SECTIONS,
  SITE_PATHS,
  SLUG_WORDS_A,
  SLUG_WORDS_B,
  SLUG_WORDS_C,
  UTM_CONTENTS,
  UTM_SOURCES,
  UTM_TERMS,
} from "./ref-marketing";
import type { TestVariant } from "./types";

export interface Utm {
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
  readonly term: string | null;
  readonly content: string | null;
}

export interface Destination {
  readonly base: string; // URL without UTM parameters
  readonly path: string;
  readonly key: string; // a meaningful slug for it
  readonly ownSite: boolean;
}

/** Milliseconds uniformly in [lo, hi]; lo when the range is empty. */
export function between(rng: Rng, lo: number, hi: number): number {
  return hi <= lo ? Math.floor(lo) : Math.floor(lo + rng.float() * (hi - lo));
}

/** Milliseconds uniformly in [lo, hi), or null when the range is empty. */
export function pastMoment(rng: Rng, lo: number, hi: number): number | null {
  return hi <= lo ? null : between(rng, lo, hi);
}

const sourcePicker = new Picker(
  UTM_SOURCES,
  UTM_SOURCES.map((s) => s.weight),
);

export function randomUtm(rng: Rng, campaigns: readonly string[]): Utm {
  const source = sourcePicker.pick(rng);
  const medium = Picker.of(source.mediums).pick(rng);
  return {
    source: source.source,
    medium,
    campaign: rng.pick(campaigns),
    term: medium === "cpc" && rng.chance(0.6) ? rng.pick(UTM_TERMS) : null,
    content: rng.chance(0.3) ? rng.pick(UTM_CONTENTS) : null,
  };
}

/** The destination with its UTM parameters in the query string (same values as the utm_* columns). */
export function withUtm(base: string, utm: Utm | null): string {
  if (!utm) return base;
  const url = new URL(base);
  url.searchParams.set("utm_source", utm.source);
  url.searchParams.set("utm_medium", utm.medium);
  url.searchParams.set("utm_campaign", utm.campaign);
  if (utm.term !== null) url.searchParams.set("utm_term", utm.term);
  if (utm.content !== null) url.searchParams.set("utm_content", utm.content);
  return url.toString();
}

export function sitePage(site: string, path: string, key: string): Destination {
  return { base: `https://${site}${path}`, path, key, ownSite: true };
}

export function randomDestination(rng: Rng, site: string, wsSlug: string): Destination {
  const roll = rng.float();
  if (roll < 0.45) {
    const [path, key] = rng.pick(SITE_PATHS);
    return sitePage(site, path, key);
  }
  if (roll < 0.9) {
    const [sub, section] = rng.pick(CONTENT_SECTIONS);
    const b = rng.pick(SLUG_WORDS_B);
    const slug = `${rng.pick(SLUG_WORDS_A)}-${b}-${rng.pick(SLUG_WORDS_C)}`;
    const path = `${section}/${slug}`;
    return { base: `https://${sub}${site}${path}`, path, key: `${b}-${rng.pick(SLUG_WORDS_C)}`, ownSite: true };
  }
  const external: readonly Destination[] = [
    { base: `https://www.youtube.com/watch?v=${rng.base62(11)}`, path: "/watch", key: "video", ownSite: false },
    { base: `https://github.com/${wsSlug}/${wsSlug}-js`, path: "/", key: "github", ownSite: false },
    { base: `https://www.g2.com/products/${wsSlug}/reviews`, path: "/", key: "reviews", ownSite: false },
    { base: `https://www.linkedin.com/company/${wsSlug}/`, path: "/", key: "linkedin", ownSite: false },
  ];
  return rng.pick(external);
}

/** 2 to 4 shares, each 10..90 and a multiple of 5, summing to 100. */
export function variantPercentages(rng: Rng): number[] {
  const k = rng.int(2, 4);
  const shares = new Array<number>(k).fill(10);
  for (let left = 100 - 10 * k; left > 0; left -= 5) {
    let i = rng.int(0, k - 1);
    while (shares[i]! >= 90) i = (i + 1) % k;
    shares[i]! += 5;
  }
  return shares;
}

export function testVariants(rng: Rng, site: string, key: string, firstUrl: string, utm: Utm | null): TestVariant[] {
  return variantPercentages(rng).map((percentage, i) => ({
    url: i === 0 ? firstUrl : withUtm(`https://${site}/lp/${key}-${String.fromCharCode(97 + i)}`, utm),
    percentage,
  }));
}

const GEO_COUNTRIES = ["DE", "FR", "ES", "IT", "JP", "BR", "NL", "GB", "IN"];

export function geoTargets(rng: Rng, site: string, path: string): Record<string, string> {
  const geo: Record<string, string> = {};
  for (const code of rng.sample(GEO_COUNTRIES, rng.int(1, 3)).sort()) {
    geo[code] = `https://${site}/${code.toLowerCase()}${path === "/" ? "" : path}`;
  }
  return geo;
}

export function appLinks(wsSlug: string, appId: number): { ios: string; android: string } {
  return {
    ios: `https://apps.apple.com/app/${wsSlug}/id${appId}`,
    android: `https://play.google.com/store/apps/details?id=com.${wsSlug}.app`,
  };
}
