/**
 * Workspaces and their configuration (keys, domains, folders, tags, partners...). These come from
 * fixed streams, not from --seed, so that their ids are the same for every seed (see demo.ts).
 */
import { createHash } from "node:crypto";
import { Picker, Rng } from "./prng";
import { COUNTRIES } from "./ref-geo";
import { EMAIL_PROVIDERS, FIRST_NAMES, LAST_NAMES, slugify } from "./ref-people";
import type { WorkspaceDef } from "./ref-workspaces";
import type { NamedEntity, Org, Partner, PartnerTagAssignment, Tag } from "./types";

const DAY = 86_400_000;
/** Seed of the fixed streams. */
const STABLE = 0;

export function sha256Hex(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

export function workspaceId(slug: string): string {
  return new Rng(STABLE, `workspace:${slug}`).id("ws_");
}

/** Country picker for a workspace's audience. */
export function countryWeights(def: WorkspaceDef): number[] {
  return COUNTRIES.map((c) => c.weight * (def.countryTilt[c.code] ?? 1));
}

const PARTNER_CHANNELS = ["youtube.com", "t.co", "instagram.com", "tiktok.com", "linkedin.com", "blog", "newsletter"];

function buildPartners(def: WorkspaceDef, wsId: string, groups: readonly NamedEntity[]): Partner[] {
  const rng = new Rng(STABLE, `partners:${def.slug}`);
  const countries = new Picker(
    COUNTRIES.map((c) => c.code),
    countryWeights(def),
  );
  const providers = Picker.of(EMAIL_PROVIDERS);
  const used = new Set<string>();
  const partners: Partner[] = [];
  while (partners.length < def.partnerCount) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    const slug = used.has(slugify(first)) ? slugify(name) : slugify(first);
    if (used.has(slug)) continue;
    used.add(slug);
    const channelKind = rng.pick(PARTNER_CHANNELS);
    const channel =
      channelKind === "blog"
        ? `${slugify(name)}.com`
        : channelKind === "newsletter"
          ? `${slugify(name)}.substack.com`
          : channelKind;
    const ownDomain = channelKind === "blog" || channelKind === "newsletter";
    const email = ownDomain
      ? `${slugify(first)}@${channel}`
      : `${slugify(first)}.${slugify(last)}`.replaceAll("-", "") + `@${providers.pick(rng)}`;
    partners.push({
      id: rng.id("pn_"),
      workspaceId: wsId,
      name,
      email,
      image: rng.chance(0.9) ? `https://api.dicebear.com/9.x/notionists/png?seed=${encodeURIComponent(slug)}` : null,
      country: countries.pick(rng),
      // Most partners sit in the default group.
      groupId: (rng.chance(0.55) ? groups[0] : rng.pick(groups))!.id,
      slug,
      channel,
    });
  }
  return partners;
}

function named(rng: Rng, prefix: string, wsId: string, names: readonly string[]): NamedEntity[] {
  return names.map((name) => ({ id: rng.id(prefix), workspaceId: wsId, name }));
}

export function buildOrg(def: WorkspaceDef, now: number): Org {
  const rng = new Rng(STABLE, `org:${def.slug}`);
  const id = workspaceId(def.slug);
  const hasPartners = def.partnerCount > 0;
  const folders = named(rng, "fold_", id, def.folders);
  const tags: Tag[] = def.tags.map(([name, color]) => ({ id: rng.id("tag_"), workspaceId: id, name, color }));
  const partnerGroups = named(rng, "grp_", id, def.partnerGroups);
  const partnerTags = named(rng, "ptag_", id, def.partnerTags);
  const partners = hasPartners ? buildPartners(def, id, partnerGroups) : [];
  const assignments: PartnerTagAssignment[] = [];
  for (const p of partners) {
    for (const t of rng.sample(partnerTags, rng.pick([0, 1, 1, 2]))) {
      assignments.push({ partnerId: p.id, partnerTagId: t.id });
    }
  }
  const defaultProgramId = hasPartners ? rng.id("prog_") : null;
  return {
    workspace: {
      id,
      slug: def.slug,
      name: def.name,
      plan: def.plan,
      defaultProgramId,
      createdAt: now - def.ageDays * DAY - rng.int(0, DAY - 1),
      def,
    },
    apiKey: { keyHash: sha256Hex(def.apiKey), workspaceId: id, name: `${def.name} demo key` },
    domains: def.domains.map((slug, i) => ({ workspaceId: id, slug, isPrimary: i === 0 })),
    folders,
    tags,
    partnerGroups,
    partners,
    partnerTags,
    partnerTagAssignments: assignments,
    userIds: Array.from({ length: def.users }, () => rng.id("user_")),
    webhookIds: Array.from({ length: def.webhooks }, () => rng.id("wh_")),
    tenantIds: Array.from({ length: def.tenants }, () => `team_${rng.base62(10)}`),
  };
}
