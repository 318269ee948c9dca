/** Which destination a click reaches: expiry, device targeting, geo targeting, A/B test, else the link's URL. */
import type { Rng } from "./prng";
import type { UrlRegistry } from "./click-dims";
import type { Link } from "./types";

export interface Route {
  readonly main: number;
  readonly expiresAt: number;
  readonly expired: number;
  readonly ios: number;
  readonly android: number;
  readonly geo: ReadonlyMap<string, number> | null;
  readonly testStart: number;
  readonly testEnd: number;
  readonly variants: readonly number[];
  readonly variantCumulative: readonly number[]; // percentages, cumulative
}

export function buildRoute(link: Link, urls: UrlRegistry): Route {
  const variants = link.testVariants ?? [];
  let cum = 0;
  return {
    main: urls.id(link.url),
    expiresAt: link.expiresAt !== null && link.expiredUrl !== null ? link.expiresAt : Infinity,
    expired: link.expiredUrl !== null ? urls.id(link.expiredUrl) : -1,
    ios: link.ios !== null ? urls.id(link.ios) : -1,
    android: link.android !== null ? urls.id(link.android) : -1,
    geo: link.geo ? new Map(Object.entries(link.geo).map(([c, u]) => [c, urls.id(u)])) : null,
    testStart: link.testStartedAt ?? Infinity,
    testEnd: link.testCompletedAt ?? Infinity,
    variants: variants.map((v) => urls.id(v.url)),
    variantCumulative: variants.map((v) => (cum += v.percentage)),
  };
}

export function routeClick(route: Route, rng: Rng, ts: number, country: string, os: string): number {
  if (ts >= route.expiresAt) return route.expired;
  if (route.ios >= 0 && os === "iOS") return route.ios;
  if (route.android >= 0 && os === "Android") return route.android;
  const geo = route.geo?.get(country);
  if (geo !== undefined) return geo;
  if (route.variants.length > 0 && ts >= route.testStart && ts < route.testEnd) {
    const roll = rng.float() * 100;
    for (let i = 0; i < route.variants.length; i++) {
      if (roll < route.variantCumulative[i]!) return route.variants[i]!;
    }
  }
  return route.main;
}
