/** The whole seed as in-memory rows: a pure function of the options. */
import { generateClicks } from "./clicks";
import { computeCounters } from "./counters";
import { generateLeads } from "./leads";
import { buildLinks } from "./links";
import { buildOrg } from "./org";
import { WORKSPACES } from "./ref-workspaces";
import { generateSales } from "./sales";
import { planSpikes } from "./spikes";
import { makeWindow } from "./timeline";
import type { ClickColumns, ClickDims, Customer, Lead, Link, LinkCounters, Org, Sale, TimeWindow } from "./types";

export interface SeedOptions {
  /** Total clicks over all workspaces. */
  readonly clicks: number;
  /** Events span the last `days` days up to `now`. */
  readonly days: number;
  readonly seed: number;
  /** Epoch milliseconds; the only input taken from a clock. */
  readonly now: number;
}

export interface SeedData {
  /** The click ids and IPs are made from it when written. */
  readonly seed: number;
  readonly window: TimeWindow;
  readonly orgs: readonly Org[];
  readonly links: readonly Link[];
  readonly counters: LinkCounters;
  readonly clicks: ClickColumns;
  readonly dims: ClickDims;
  readonly leads: readonly Lead[];
  readonly customers: readonly Customer[];
  readonly sales: readonly Sale[];
}

export function generateSeedData(opts: SeedOptions): SeedData {
  const window = makeWindow(opts.now, opts.days);
  const orgs = WORKSPACES.map((def) => buildOrg(def, opts.now));
  const spikes = planSpikes(opts.seed, window, WORKSPACES);
  const links = orgs.flatMap((org) => buildLinks(opts.seed, window, org, spikes));
  const { clicks, dims } = generateClicks(opts.seed, opts.clicks, window, orgs, links);
  const slugs = new Map(orgs.map((o) => [o.workspace.id, o.workspace.slug]));
  const { leads, customers } = generateLeads(opts.seed, window, clicks, links, slugs);
  const buyRates = new Map(orgs.map((o) => [o.workspace.id, o.workspace.def.buyRate]));
  const sales = generateSales(opts.seed, window, leads, customers, buyRates);
  const counters = computeCounters(links.length, clicks, leads, sales);
  return { seed: opts.seed, window, orgs, links, counters, clicks, dims, leads, customers, sales };
}
