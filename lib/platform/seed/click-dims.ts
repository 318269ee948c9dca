/** Dimension tables the clicks point into: destination URLs, referrers, devices, places; and their pickers. */
import { Picker, type Rng } from "./prng";
import { DEVICE_MIX, DEVICE_ROWS, type Audience } from "./ref-devices";
import { GEO_ROWS } from "./ref-geo";
import {
  DEFAULT_SOURCE_DIRECT_SHARE,
  DIRECT,
  GENERAL_REFERERS,
  REFERER_HOSTS,
  ROOT_REFERERS,
  SOURCE_DIRECT_SHARE,
  SOURCE_NOISE_SHARE,
  SOURCE_REFERERS,
} from "./ref-referrers";
import type { Link, RefererEntry } from "./types";

export class UrlRegistry {
  readonly urls: string[] = [];
  private readonly index = new Map<string, number>();

  id(url: string): number {
    let i = this.index.get(url);
    if (i === undefined) {
      i = this.urls.length;
      this.urls.push(url);
      this.index.set(url, i);
    }
    return i;
  }
}

interface HostInfo {
  readonly first: number; // first entry index
  readonly count: number;
  readonly audience: Audience;
}

type Weights = readonly (readonly [host: string, weight: number])[];

export class RefererRegistry {
  readonly entries: RefererEntry[] = [];
  readonly hosts: HostInfo[] = [];
  private readonly hostIds = new Map<string, number>();
  private readonly pickers = new Map<string, Picker<number>>();
  readonly directHost: number;

  constructor() {
    for (const h of REFERER_HOSTS) this.addHost(h.host, h.urls, h.audience);
    this.directHost = this.hostId(DIRECT);
  }

  private addHost(host: string, urls: readonly string[], audience: Audience): number {
    const id = this.hosts.length;
    this.hosts.push({ first: this.entries.length, count: urls.length, audience });
    for (const url of urls) this.entries.push({ host, url });
    this.hostIds.set(host, id);
    return id;
  }

  /** Known host id; unknown hosts (partners' own sites) are added with a home and an article URL. */
  hostId(host: string): number {
    return (
      this.hostIds.get(host) ??
      this.addHost(host, [`https://${host}/`, `https://${host}/p/my-favorite-tools`], "default")
    );
  }

  entry(rng: Rng, hostId: number): number {
    const h = this.hosts[hostId]!;
    return h.first + Math.floor(rng.float() * h.count);
  }

  private picker(weights: Weights): Picker<number> {
    return new Picker(
      weights.map(([host]) => this.hostId(host)),
      weights.map(([, w]) => w),
    );
  }

  /** Picker of referrer hosts for a link, shared by all links with the same referer key. */
  forLink(link: Link): Picker<number> {
    const key = link.traits.refererKey;
    const cached = this.pickers.get(key);
    if (cached) return cached;
    let weights: Weights;
    if (key === "general") weights = GENERAL_REFERERS;
    else if (key === "root") weights = ROOT_REFERERS;
    else if (key.startsWith("partner:")) weights = mix([[key.slice("partner:".length), 1]], 0.3);
    else {
      const source = key.slice("utm:".length);
      weights = mix(SOURCE_REFERERS[source] ?? [], SOURCE_DIRECT_SHARE[source] ?? DEFAULT_SOURCE_DIRECT_SHARE);
    }
    const picker = this.picker(weights);
    this.pickers.set(key, picker);
    return picker;
  }
}

/** Own hosts for the rest, plus (direct) and a little background noise from everywhere. */
function mix(own: Weights, directShare: number): Weights {
  const noise = own.length === 0 ? 0 : SOURCE_NOISE_SHARE;
  const ownShare = own.length === 0 ? 0 : 1 - directShare - noise;
  const ownTotal = own.reduce((s, [, w]) => s + w, 0);
  const generalTotal = GENERAL_REFERERS.reduce((s, [, w]) => s + w, 0);
  return [
    ...own.map(([h, w]) => [h, (w / ownTotal) * ownShare] as const),
    [DIRECT, own.length === 0 ? 1 : directShare] as const,
    ...GENERAL_REFERERS.map(([h, w]) => [h, (w / generalTotal) * noise] as const),
  ];
}

export const DEVICE_PICKERS: Readonly<Record<Audience, Picker<number>>> = {
  default: devicePicker("default"),
  social: devicePicker("social"),
  work: devicePicker("work"),
};

function devicePicker(audience: Audience): Picker<number> {
  const mixWeights = DEVICE_MIX[audience];
  return new Picker(
    DEVICE_ROWS.map((_, i) => i),
    DEVICE_ROWS.map((r) => (mixWeights[r.device] * r.weight) / 100),
  );
}

/** City (GEO_ROWS index) pickers: by audience country weights, or within one country. */
export function geoPicker(countryWeights: ReadonlyMap<string, number>): Picker<number> {
  const cityTotals = new Map<string, number>();
  for (const g of GEO_ROWS) cityTotals.set(g.country.code, (cityTotals.get(g.country.code) ?? 0) + g.city.weight);
  return new Picker(
    GEO_ROWS.map((_, i) => i),
    GEO_ROWS.map((g) => ((countryWeights.get(g.country.code) ?? 0) * g.city.weight) / cityTotals.get(g.country.code)!),
  );
}
