/**
 * Click generation: columnar numbers (dimension indexes, epoch ms) in generation order, handed on
 * a chunk at a time (the same arrays, refilled), so memory does not grow with the clicks. The
 * per-click strings (id, IP) and the physical order are made in DuckDB (click-writer.ts).
 */
import { DEVICE_PICKERS, RefererRegistry, UrlRegistry, geoPicker } from "./click-dims";
import { countryWeights } from "./org";
import { Picker, Rng } from "./prng";
import { DEVICE_ROWS, QR_SHARE } from "./ref-devices";
import { COUNTRIES, GEO_ROWS } from "./ref-geo";
import { HOOLI_CLICK_SHARE, HOOLI_MIN_CLICKS } from "./ref-workspaces";
import { buildRoute, routeClick, type Route } from "./routing";
import { HOUR, TimeSampler } from "./timeline";
import type { ClickColumns, ClickDims, Link, Org, TimeWindow } from "./types";

const TRIGGER_LINK = 0;
const TRIGGER_QR = 1;
const TRIGGER_PAGEVIEW = 2;
const ROOT_PAGEVIEW_SHARE = 0.6;
const PARTNER_HOME_SHARE = 0.35;

/** Exact click counts per workspace (largest remainder); hooli gets a handful. */
export function allocateClicks(total: number, orgs: readonly Org[]): number[] {
  const counts = orgs.map(() => 0);
  const hooli = orgs.findIndex((o) => o.workspace.slug === "hooli");
  let rest = total;
  if (hooli >= 0) {
    counts[hooli] = Math.min(total, Math.max(HOOLI_MIN_CLICKS, Math.round(total * HOOLI_CLICK_SHARE)));
    rest -= counts[hooli]!;
  }
  const shares = orgs.map((o) => o.workspace.def.clickShare);
  const shareTotal = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (rest * s) / shareTotal);
  exact.forEach((x, i) => (counts[i]! += Math.floor(x)));
  let missing = rest - exact.reduce((a, x) => a + Math.floor(x), 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (missing-- <= 0) break;
    counts[i]! += 1;
  }
  return counts;
}

/** Clicks per chunk handed to the sink by default. */
export const CLICK_CHUNK = 1 << 18;

/**
 * Receives the clicks of generation indexes [first, first + chunk.count), synchronously: the
 * arrays are refilled with the next chunk once it returns.
 */
export type ClickSink = (chunk: ClickColumns, first: number) => void;

/**
 * Generates the clicks into `sink`; returns how many (a workspace without links gets none of its
 * share: fewer than `total`) and the dimension tables their indexes point into, complete only now.
 */
export function generateClicks(
  seed: number,
  total: number,
  window: TimeWindow,
  orgs: readonly Org[],
  links: readonly Link[],
  sink: ClickSink,
  chunkSize: number = CLICK_CHUNK,
): { readonly count: number; readonly dims: ClickDims } {
  const rng = Rng.stream(seed, "clicks");
  const time = new TimeSampler(seed, window);
  const urls = new UrlRegistry();
  const referers = new RefererRegistry();
  const routes: Route[] = links.map((l) => buildRoute(l, urls));
  const countryPickers = new Map(COUNTRIES.map((c) => [c.code, geoPicker(new Map([[c.code, 1]]))] as const));
  const size = Math.max(1, Math.min(chunkSize, total));
  const b = {
    ts: new Float64Array(size),
    link: new Int32Array(size),
    geo: new Uint16Array(size),
    device: new Uint16Array(size),
    trigger: new Uint8Array(size),
    referer: new Uint16Array(size),
    url: new Int32Array(size),
  };
  const counts = allocateClicks(total, orgs);
  /** Clicks handed on so far, and in the chunk being filled. */
  let flushed = 0;
  let n = 0;
  const flush = () => {
    if (n === 0) return;
    sink({ ...b, count: n }, flushed);
    flushed += n;
    n = 0;
  };

  const emit = (li: number, geoRow: number, ts: number) => {
    const link = links[li]!;
    const hostId = referers.forLink(link).pick(rng);
    const device = DEVICE_PICKERS[link.traits.audience ?? referers.hosts[hostId]!.audience].index(rng);
    const d = DEVICE_ROWS[device]!;
    let trigger = TRIGGER_LINK;
    if (link.traits.isRoot && rng.chance(ROOT_PAGEVIEW_SHARE)) trigger = TRIGGER_PAGEVIEW;
    else if (rng.chance(link.traits.qrShare ?? QR_SHARE[d.device])) trigger = TRIGGER_QR;
    // A scanned QR code carries no referrer.
    const refHost = trigger === TRIGGER_QR ? referers.directHost : hostId;
    b.ts[n] = ts;
    b.link[n] = li;
    b.geo[n] = geoRow;
    b.device[n] = device;
    b.trigger[n] = trigger;
    b.referer[n] = referers.entry(rng, refHost);
    b.url[n] = routeClick(routes[li]!, rng, ts, GEO_ROWS[geoRow]!.country.code, d.os);
    if (++n === size) flush();
  };

  orgs.forEach((org, oi) => {
    const wsLinks: number[] = [];
    links.forEach((l, i) => {
      if (l.workspaceId === org.workspace.id) wsLinks.push(i);
    });
    if (wsLinks.length === 0 || counts[oi] === 0) return;
    const weights = countryWeights(org.workspace.def);
    const cities = geoPicker(new Map(COUNTRIES.map((c, i) => [c.code, weights[i]!])));
    const pickCity = (link: Link) =>
      link.traits.partnerCountry !== null && rng.chance(PARTNER_HOME_SHARE)
        ? countryPickers.get(link.traits.partnerCountry)!.pick(rng)
        : cities.pick(rng);
    // Validity: no click before the link exists, none after it was disabled.
    const valid = (link: Link, ts: number) => ts >= link.createdAt && ts < (link.disabledAt ?? window.end);
    const fallback = (link: Link) => {
      const lo = Math.max(link.createdAt, window.start);
      const hi = Math.min(link.disabledAt ?? window.end, window.end);
      return lo + Math.floor(rng.float() * Math.max(1, hi - lo));
    };

    let regular = counts[oi]!;
    for (const li of wsLinks) {
      const spike = links[li]!.traits.spike;
      if (!spike) continue;
      const k = Math.min(regular, Math.round(counts[oi]! * spike.share));
      regular -= k;
      const link = links[li]!;
      const burst = () => spike.start + Math.floor(rng.exp(spike.meanHours * HOUR));
      for (let j = 0; j < k; j++) {
        let ts = burst();
        for (let t = 0; t < 12 && !valid(link, ts); t++) ts = burst();
        if (!valid(link, ts)) ts = fallback(link);
        emit(li, pickCity(link), ts);
      }
    }
    const popularity = new Picker(
      wsLinks,
      wsLinks.map((i) => links[i]!.traits.weight),
    );
    for (let j = 0; j < regular; j++) {
      // Redrawing the link too (not only the time) gives a link created mid-window traffic at the
      // rate of its popularity over its lifetime, instead of squeezing its whole share into a few days.
      let li = 0;
      let geoRow = 0;
      let ts = -1;
      for (let t = 0; t < 50 && ts < 0; t++) {
        li = popularity.pick(rng);
        geoRow = pickCity(links[li]!);
        const sampled = time.sample(rng, GEO_ROWS[geoRow]!.city.utcOffset);
        if (valid(links[li]!, sampled)) ts = sampled;
      }
      if (ts < 0) ts = fallback(links[li]!);
      emit(li, geoRow, ts);
    }
  });

  flush();
  return { count: flushed, dims: { urls: urls.urls, referers: referers.entries } };
}
