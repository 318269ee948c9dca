/** Assembles one link row from a draft: optional features (expiry, targeting, A/B test...) and traits. */
import type { Rng } from "./prng";
import { COMMENTS, PREVIEW_DESCRIPTIONS, PREVIEW_TITLES } from "./ref-marketing";
import {
  appLinks,
  between,
  geoTargets,
  pastMoment,
  testVariants,
  withUtm,
  type Destination,
  type Utm,
} from "./link-parts";
import { DAY, HOUR } from "./timeline";
import type { Link, LinkTraits, Org, Partner, Spike, TimeWindow } from "./types";

export interface WorkspaceCtx {
  readonly org: Org;
  readonly window: TimeWindow;
  readonly campaigns: readonly string[];
  readonly appId: number;
  readonly usedKeys: Map<string, Set<string>>;
  readonly externalIds: Set<string>;
}

export interface Draft {
  readonly id: string;
  readonly domain: string;
  readonly key: string;
  readonly dest: Destination;
  readonly utm: Utm | null;
  readonly trackConversion: boolean;
  readonly createdAt: number;
  readonly partner: Partner | null;
  readonly isRoot: boolean;
  /** Random links get optional features (archived, expiry, targeting...); curated ones stay plain. */
  readonly extras: boolean;
  readonly spike: Spike | null;
}

export function claimKey(ctx: WorkspaceCtx, domain: string, key: string): string {
  let used = ctx.usedKeys.get(domain);
  if (!used) ctx.usedKeys.set(domain, (used = new Set()));
  let k = key;
  for (let n = 2; used.has(k); n++) k = `${key}-${n}`;
  used.add(k);
  return k;
}

function externalId(ctx: WorkspaceCtx, rng: Rng): string {
  const style = ctx.org.workspace.slug;
  for (;;) {
    const id =
      style === "acme"
        ? `crm-${rng.int(10000, 99999)}`
        : style === "globex"
          ? `GX-${new Date(ctx.window.end).getUTCFullYear()}-${rng.int(1000, 9999)}`
          : String(rng.int(1000000, 9999999));
    if (!ctx.externalIds.has(id)) {
      ctx.externalIds.add(id);
      return id;
    }
  }
}

function traits(ctx: WorkspaceCtx, rng: Rng, d: Draft): LinkTraits {
  const leadRate = d.trackConversion ? ctx.org.workspace.def.leadRate * Math.exp(0.35 * rng.normal()) : 0;
  const print = d.utm?.source === "print";
  return {
    weight: 0,
    isRoot: d.isRoot,
    leadRate,
    refererKey: d.isRoot
      ? "root"
      : d.partner
        ? `partner:${d.partner.channel}`
        : d.utm
          ? `utm:${d.utm.source}`
          : "general",
    audience: print ? "social" : null,
    qrShare: print ? 0.8 : null,
    partnerCountry: d.partner?.country ?? null,
    spike: d.spike,
  };
}

export function buildLink(ctx: WorkspaceCtx, rng: Rng, d: Draft): Link {
  const { org, window } = ctx;
  const site = org.workspace.def.site;
  const url = withUtm(d.dest.base, d.utm);
  const x = d.extras;
  const own = d.dest.ownSite && !d.partner;
  const proxy = x && rng.chance(0.1);
  const sinceCreated = Math.max(d.createdAt + DAY, window.start);
  const expires = x && rng.chance(0.05);
  const pastExpiry = expires && rng.chance(0.5) ? pastMoment(rng, sinceCreated, window.end - HOUR) : null;
  const apps = x && own && rng.chance(0.06) ? appLinks(org.workspace.slug, ctx.appId) : null;
  const appKind = rng.float();
  const testStartedAt = x && own && rng.chance(0.04) ? pastMoment(rng, d.createdAt + HOUR, window.end - 2 * DAY) : null;
  const testEnd = testStartedAt === null ? null : testStartedAt + rng.int(7, 30) * DAY + rng.int(0, DAY - 1);
  const nTags = rng.pick([0, 0, 0, 1, 1, 1, 1, 2, 2, 3]);
  const partnerFolder = org.folders.find((f) => f.name === "Partners" || f.name === "Affiliates");
  const folder =
    d.partner && partnerFolder && rng.chance(0.7) ? partnerFolder : rng.chance(0.7) ? rng.pick(org.folders) : null;
  return {
    id: d.id,
    workspaceId: org.workspace.id,
    domain: d.domain,
    key: d.key,
    url,
    trackConversion: d.trackConversion,
    externalId: x && rng.chance(0.2) ? externalId(ctx, rng) : null,
    tenantId: x && org.tenantIds.length > 0 && rng.chance(0.12) ? rng.pick(org.tenantIds) : null,
    programId: d.partner ? org.workspace.defaultProgramId : null,
    partnerId: d.partner?.id ?? null,
    archived: x && rng.chance(0.03),
    expiresAt: !expires ? null : (pastExpiry ?? window.end + rng.int(3, 90) * DAY + rng.int(0, DAY - 1)),
    // A link past its expiry redirects to expiredUrl, so past expiries always have one.
    expiredUrl:
      pastExpiry !== null ? `https://${site}/offers/ended` : expires && rng.chance(0.5) ? `https://${site}/` : null,
    disabledAt: x && rng.chance(0.01) ? pastMoment(rng, sinceCreated, window.end - HOUR) : null,
    password:
      x && rng.chance(0.02) ? `${rng.pick(["launch", "preview", "partner", "vip", "beta"])}${rng.int(100, 999)}` : null,
    proxy,
    title: proxy ? rng.pick(PREVIEW_TITLES).replace("%s", org.workspace.name) : null,
    description: proxy ? rng.pick(PREVIEW_DESCRIPTIONS) : null,
    image: proxy ? `https://${site}/og/${d.dest.key}.png` : null,
    video: proxy && rng.chance(0.15) ? `https://${site}/media/${d.dest.key}.mp4` : null,
    rewrite: x && rng.chance(0.03),
    doIndex: x && rng.chance(0.1),
    ios: apps && appKind < 0.8 ? apps.ios : null,
    android: apps && appKind >= 0.2 ? apps.android : null,
    geo: x && own && rng.chance(0.04) ? geoTargets(rng, site, d.dest.path) : null,
    publicStats: x && rng.chance(0.06),
    folderId: folder?.id ?? null,
    webhookIds: org.webhookIds.length > 0 && rng.chance(0.15) ? rng.sample(org.webhookIds, rng.int(1, 2)) : [],
    comments: x && rng.chance(0.1) ? rng.pick(COMMENTS) : null,
    utmSource: d.utm?.source ?? null,
    utmMedium: d.utm?.medium ?? null,
    utmCampaign: d.utm?.campaign ?? null,
    utmTerm: d.utm?.term ?? null,
    utmContent: d.utm?.content ?? null,
    testVariants: testStartedAt !== null ? testVariants(rng, site, d.dest.key, url, d.utm) : null,
    testStartedAt,
    testCompletedAt: testEnd === null ? null : testEnd < window.end ? testEnd : window.end + rng.int(3, 30) * DAY,
    userId: rng.chance(0.9) ? rng.pick(org.userIds) : null,
    createdAt: d.createdAt,
    updatedAt: rng.chance(0.5) ? d.createdAt : between(rng, d.createdAt, window.end - 1),
    tagIds: rng.sample(org.tags, nTags).map((t) => t.id),
    traits: traits(ctx, rng, d),
  };
}

/** Created before the window (80%) or during it, never before the workspace. */
export function randomCreatedAt(ctx: WorkspaceCtx, rng: Rng): number {
  const { window } = ctx;
  const wsStart = ctx.org.workspace.createdAt + DAY;
  if (rng.chance(0.8) && window.start - HOUR > wsStart) {
    return between(rng, Math.max(wsStart, window.start - 540 * DAY), window.start - HOUR);
  }
  const lo = Math.max(window.start, wsStart);
  return between(rng, lo, Math.max(lo, window.end - Math.min(6 * HOUR, (window.end - lo) / 4)));
}
