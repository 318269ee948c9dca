/** Leads: a share of clicks on conversion-tracked links sign up shortly after; each lead is a new customer. */
import { Picker, Rng } from "./prng";
import { GEO_ROWS } from "./ref-geo";
import { COMPANY_WORDS, EMAIL_PROVIDERS, FIRST_NAMES, LAST_NAMES, slugify } from "./ref-people";
import { DAY, HOUR } from "./timeline";
import type { ClickColumns, Customer, Lead, Link, TimeWindow } from "./types";

const TRIGGER_PAGEVIEW = 2;
const MINUTE = 60_000;

export const LEAD_EVENTS = Picker.of([
  ["Sign up", 48],
  ["Start trial", 20],
  ["Book demo", 12],
  ["Newsletter signup", 20],
] as const);

/** Minutes after the click mostly; sometimes hours, or days when they come back later. */
function leadDelay(rng: Rng): number {
  const roll = rng.float();
  if (roll < 0.55) return 20_000 + Math.floor(rng.exp(6 * MINUTE));
  if (roll < 0.85) return Math.floor(HOUR / 2 + rng.exp(3 * HOUR));
  return Math.floor(DAY + rng.float() * 6 * DAY);
}

function json(o: Record<string, string | number | boolean>): string {
  return JSON.stringify(o);
}

function leadMetadata(rng: Rng, eventName: string): string | null {
  switch (eventName) {
    case "Sign up": {
      if (rng.chance(0.25)) return null;
      const m: Record<string, string | number> = {
        plan: rng.pick(["free", "free", "starter", "pro", "pro", "business"]),
        source: rng.pick(["landing_page", "pricing_page", "homepage", "blog", "docs"]),
      };
      if (rng.chance(0.4)) m.seats = rng.int(1, 12);
      if (rng.chance(0.5)) m.method = rng.pick(["google", "email", "github", "microsoft"]);
      return json(m);
    }
    case "Start trial":
      return json({
        plan: rng.pick(["pro", "business", "team"]),
        trial_days: rng.pick([7, 14, 14, 30]),
        seats: rng.int(1, 10),
      });
    case "Book demo":
      return rng.chance(0.15)
        ? null
        : json({
            company_size: rng.pick(["1-10", "11-50", "51-200", "201-1000", "1000+"]),
            role: rng.pick(["Marketing", "Growth", "Engineering", "Founder", "Sales", "Operations"]),
            source: "demo_form",
          });
    default:
      return rng.chance(0.5)
        ? null
        : json({ list: rng.pick(["product_updates", "weekly_digest"]), source: rng.pick(["footer", "blog", "popup"]) });
  }
}

const providers = Picker.of(EMAIL_PROVIDERS);

/** The client's own user id, in each workspace's style (on the hosted platform a customer is created from it). */
function externalIdStyle(rng: Rng, wsSlug: string): string {
  switch (wsSlug) {
    case "acme":
      return `usr_${rng.hex(12)}`;
    case "globex":
      return String(rng.int(100000, 9999999));
    case "initech":
      return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-${rng.pick(["8", "9", "a", "b"])}${rng.hex(3)}-${rng.hex(12)}`;
    default:
      return `h-${rng.base62(8)}`;
  }
}

/** Customers' external ids already given, per workspace: unique there, as the hosted platform requires. */
type ExternalIds = Map<string, Set<string>>;

function customerExternalId(rng: Rng, workspace: { id: string; slug: string }, taken: ExternalIds): string {
  let used = taken.get(workspace.id);
  if (!used) taken.set(workspace.id, (used = new Set()));
  for (;;) {
    const id = externalIdStyle(rng, workspace.slug);
    if (used.has(id)) continue;
    used.add(id);
    return id;
  }
}

interface Workspace {
  id: string;
  slug: string;
}

function makeCustomer(
  rng: Rng,
  id: string,
  workspace: Workspace,
  country: string,
  at: number,
  taken: ExternalIds,
): Customer {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const local = rng.chance(0.5)
    ? `${slugify(first)}.${slugify(last)}`
    : `${slugify(first)}${slugify(last)}${rng.int(1, 99)}`;
  const email = rng.chance(0.7)
    ? `${local.replaceAll("-", "")}@${providers.pick(rng)}`
    : `${slugify(first).replaceAll("-", "")}@${rng.pick(COMPANY_WORDS)}.${rng.pick(["com", "io", "co", "dev"])}`;
  return {
    id,
    workspaceId: workspace.id,
    externalId: customerExternalId(rng, workspace, taken),
    name: `${first} ${last}`,
    email,
    avatar: rng.chance(0.8) ? `https://api.dicebear.com/9.x/notionists/png?seed=${id}` : null,
    country,
    createdAt: at,
  };
}

/** A lead and its new customer, handed on in generation order (their click's order). */
export type LeadSink = (lead: Lead, customer: Customer) => void;

/**
 * Leads of clicks handed over a chunk at a time, in generation order: the same leads, customers
 * and draws as over all the clicks at once. They come out in generation order; the seed orders
 * them by time (ties in that order) where they are written.
 */
export class LeadGenerator {
  private readonly rng: Rng;
  private readonly taken: ExternalIds = new Map();
  private readonly workspaces: ReadonlyMap<string, Workspace>;

  constructor(
    seed: number,
    private readonly window: TimeWindow,
    private readonly links: readonly Link[],
    workspaceSlugs: ReadonlyMap<string, string>,
  ) {
    this.rng = Rng.stream(seed, "leads");
    this.workspaces = new Map([...workspaceSlugs].map(([id, slug]) => [id, { id, slug }]));
  }

  /** The clicks of generation indexes [first, first + clicks.count). */
  fromClicks(clicks: ClickColumns, first: number, sink: LeadSink): void {
    const rng = this.rng;
    for (let i = 0; i < clicks.count; i++) {
      const li = clicks.link[i]!;
      const link = this.links[li]!;
      const rate = link.traits.leadRate;
      if (rate === 0 || clicks.trigger[i] === TRIGGER_PAGEVIEW || !rng.chance(rate)) continue;
      const ts = clicks.ts[i]! + leadDelay(rng);
      if (ts >= this.window.end) continue;
      const eventName = LEAD_EVENTS.pick(rng);
      const customerId = rng.id("cus_");
      const workspace = this.workspaces.get(link.workspaceId)!;
      const lead: Lead = {
        id: rng.base62(16),
        workspaceId: link.workspaceId,
        clickIndex: first + i,
        linkIndex: li,
        linkId: link.id,
        customerId,
        ts,
        eventName,
        metadata: leadMetadata(rng, eventName),
      };
      sink(lead, makeCustomer(rng, customerId, workspace, GEO_ROWS[clicks.geo[i]!]!.country.code, ts, this.taken));
    }
  }
}
