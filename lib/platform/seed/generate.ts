/**
 * The seed's configuration and entities (workspaces, links, ...): a pure function of the options.
 * The events are generated from them a chunk at a time as they are written (events.ts).
 */
import { buildLinks } from "./links";
import { buildOrg } from "./org";
import { WORKSPACES } from "./ref-workspaces";
import { planSpikes } from "./spikes";
import { makeWindow } from "./timeline";
import type { Link, Org, TimeWindow } from "./types";

export interface SeedOptions {
  /** Total clicks over all workspaces. */
  readonly clicks: number;
  /** Events span the last `days` days up to `now`. */
  readonly days: number;
  readonly seed: number;
  /** Epoch milliseconds; the only input taken from a clock. */
  readonly now: number;
}

export interface SeedEntities {
  readonly window: TimeWindow;
  readonly orgs: readonly Org[];
  readonly links: readonly Link[];
}

export function generateEntities(opts: SeedOptions): SeedEntities {
  const window = makeWindow(opts.now, opts.days);
  const orgs = WORKSPACES.map((def) => buildOrg(def, opts.now));
  const spikes = planSpikes(opts.seed, window, WORKSPACES);
  const links = orgs.flatMap((org) => buildLinks(opts.seed, window, org, spikes));
  return { window, orgs, links };
}
