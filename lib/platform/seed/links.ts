/** Links of every workspace: root-domain links, featured links, campaign-spike links, then random ones. */
import { Picker, Rng } from "./prng";
import { campaigns as campaignNames } from "./ref-marketing";
import { between, randomDestination, randomUtm, sitePage, type Destination } from "./link-parts";
import { buildLink, claimKey, randomCreatedAt, type WorkspaceCtx } from "./link-build";
import { DAY, HOUR } from "./timeline";
import type { Link, Org, Partner, Spike, TimeWindow } from "./types";

const ZIPF_EXPONENT = 1.05;
const CONVERSION_PATHS = new Set(["/signup", "/demo", "/pricing", "/enterprise", "/contact"]);

function curatedLinks(ctx: WorkspaceCtx, stable: Rng): Link[] {
  const { org, window } = ctx;
  const def = org.workspace.def;
  const links: Link[] = [];
  for (const domain of org.domains) {
    links.push(
      buildLink(ctx, stable, {
        id: new Rng(0, `link:${domain.slug}/_root`).id("link_"),
        domain: domain.slug,
        key: claimKey(ctx, domain.slug, "_root"),
        dest: sitePage(def.site, "/", "home"),
        utm: null,
        trackConversion: false,
        createdAt: org.workspace.createdAt + stable.int(HOUR, 3 * DAY),
        partner: null,
        isRoot: true,
        extras: false,
        spike: null,
      }),
    );
  }
  for (const f of def.featured) {
    const [source, medium, campaign] = f.utm ?? [null, null, null];
    const utm = source && medium && campaign ? { source, medium, campaign, term: null, content: null } : null;
    const latest = Math.min(window.start - DAY, ctx.org.workspace.createdAt + 400 * DAY);
    links.push(
      buildLink(ctx, stable, {
        id: new Rng(0, `link:${f.domain}/${f.key}`).id("link_"),
        domain: f.domain,
        key: claimKey(ctx, f.domain, f.key),
        dest: sitePage(def.site, f.path, f.key),
        utm,
        trackConversion: f.trackConversion,
        createdAt: between(
          stable,
          org.workspace.createdAt + 2 * DAY,
          Math.max(org.workspace.createdAt + 2 * DAY, latest),
        ),
        partner: null,
        isRoot: false,
        extras: false,
        spike: null,
      }),
    );
  }
  return links;
}

function spikeLink(ctx: WorkspaceCtx, rng: Rng, spike: Spike): Link {
  const def = ctx.org.workspace.def;
  const domain = ctx.org.domains[0]!.slug;
  return buildLink(ctx, rng, {
    id: rng.id("link_"),
    domain,
    key: claimKey(ctx, domain, spike.key),
    dest: sitePage(def.site, spike.path, spike.key),
    utm: { source: spike.source, medium: spike.medium, campaign: spike.campaign, term: null, content: null },
    trackConversion: rng.chance(0.7),
    createdAt: Math.max(ctx.org.workspace.createdAt + DAY, spike.start - rng.int(HOUR, 4 * DAY)),
    partner: null,
    isRoot: false,
    extras: false,
    spike,
  });
}

function randomLink(ctx: WorkspaceCtx, rng: Rng, partners: Picker<Partner> | null): Link {
  const { org } = ctx;
  const def = org.workspace.def;
  const primary = org.domains[0]!.slug;
  if (partners && rng.chance(0.25)) {
    const partner = partners.pick(rng);
    const [path, pathKey] = rng.pick([
      ["/", "home"],
      ["/pricing", "pricing"],
      ["/signup", "signup"],
      ["/features", "features"],
    ] as const);
    const dest: Destination = {
      base: `https://${def.site}${path}?via=${partner.slug}`,
      path,
      key: pathKey,
      ownSite: true,
    };
    const keyBase = ctx.usedKeys.get(primary)?.has(partner.slug) ? `${partner.slug}-${pathKey}` : partner.slug;
    return buildLink(ctx, rng, {
      id: rng.id("link_"),
      domain: primary,
      key: claimKey(ctx, primary, keyBase),
      dest,
      utm: rng.chance(0.7)
        ? { source: partner.slug, medium: "affiliate", campaign: "partner_program", term: null, content: null }
        : null,
      trackConversion: true,
      createdAt: randomCreatedAt(ctx, rng),
      partner,
      isRoot: false,
      extras: true,
      spike: null,
    });
  }
  const domain = rng.chance(0.6) ? primary : rng.pick(org.domains).slug;
  const dest = randomDestination(rng, def.site, org.workspace.slug);
  const utm = dest.ownSite && rng.chance(0.66) ? randomUtm(rng, ctx.campaigns) : null;
  const meaningful = rng.chance(0.4);
  const key = meaningful ? (utm && rng.chance(0.3) ? utm.campaign.replaceAll("_", "-") : dest.key) : rng.base62(7);
  const track = rng.chance(CONVERSION_PATHS.has(dest.path) ? 0.85 : 0.4);
  return buildLink(ctx, rng, {
    id: rng.id("link_"),
    domain,
    key: claimKey(ctx, domain, key),
    dest,
    utm,
    trackConversion: track,
    createdAt: randomCreatedAt(ctx, rng),
    partner: null,
    isRoot: false,
    extras: true,
    spike: null,
  });
}

/** Zipf popularity: curated links on top, then the rest in random order. */
function assignWeights(rng: Rng, links: Link[], curated: number): void {
  const order = [...links.slice(0, curated), ...rng.shuffle(links.slice(curated))];
  order.forEach((link, rank) => {
    link.traits.weight = (link.archived ? 0.3 : 1) / Math.pow(rank + 1, ZIPF_EXPONENT);
  });
}

export function buildLinks(seed: number, window: TimeWindow, org: Org, spikes: readonly Spike[]): Link[] {
  const slug = org.workspace.slug;
  const ctx: WorkspaceCtx = {
    org,
    window,
    campaigns: campaignNames(new Date(window.end).getUTCFullYear()),
    appId: 1_400_000_000 + (new Rng(0, `app:${slug}`).u32() % 99_999_999),
    usedKeys: new Map(),
    externalIds: new Set(),
  };
  const stable = new Rng(0, `curated-links:${slug}`);
  const rng = Rng.stream(seed, "links", slug);
  // Root links of secondary domains are not "curated" for popularity: only the primary one is a homepage.
  const curated = curatedLinks(ctx, stable);
  const [primaryRoot, ...otherRoots] = curated.slice(0, org.domains.length);
  const featured = curated.slice(org.domains.length);
  const links: Link[] = [...featured, primaryRoot!];
  const top = links.length;
  links.push(...otherRoots);
  for (const s of spikes) if (s.workspaceSlug === slug) links.push(spikeLink(ctx, rng, s));
  const partnerWeights = org.partners.map((_, i) => 1 / (i + 1));
  const partners = org.partners.length > 0 ? new Picker(org.partners, partnerWeights) : null;
  for (let i = 0; i < org.workspace.def.linkCount; i++) links.push(randomLink(ctx, rng, partners));
  assignWeights(rng, links, top);
  return links;
}
