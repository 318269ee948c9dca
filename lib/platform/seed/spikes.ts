/** Campaign bursts: a newsletter send or a launch post sends a wave of clicks to one new link. */
import { Rng } from "./prng";
import { DAY, HOUR } from "./timeline";
import type { Spike, TimeWindow } from "./types";
import type { WorkspaceDef } from "./ref-workspaces";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const SPIKES_PER_90_DAYS: Readonly<Record<string, number>> = { acme: 3, globex: 2, initech: 1 };

interface SpikeKind {
  readonly source: string;
  readonly medium: string;
  readonly meanHours: readonly [number, number];
  readonly shape: (month: string, year: number) => { key: string; campaign: string; path: string };
}

const KINDS: readonly SpikeKind[] = [
  {
    source: "newsletter",
    medium: "email",
    meanHours: [5, 10],
    shape: (m, y) => ({ key: `nl-${m}`, campaign: `newsletter_${m}_${y}`, path: `/blog/${m}-product-update` }),
  },
  {
    source: "twitter",
    medium: "social",
    meanHours: [8, 16],
    shape: (m, y) => ({ key: `launch-${m}`, campaign: `launch_week_${m}_${y}`, path: "/changelog" }),
  },
  {
    source: "producthunt",
    medium: "referral",
    meanHours: [14, 24],
    shape: (m, y) => ({ key: `ph-${m}`, campaign: `producthunt_launch_${y}`, path: "/" }),
  },
  {
    source: "hackernews",
    medium: "referral",
    meanHours: [6, 12],
    shape: (m, y) => ({ key: `hn-${m}`, campaign: `show_hn_${m}_${y}`, path: "/blog/how-we-built-it" }),
  },
  {
    source: "linkedin",
    medium: "social",
    meanHours: [10, 20],
    shape: (m, y) => ({ key: `webinar-${m}`, campaign: `webinar_${m}_${y}`, path: `/webinars/${m}-live` }),
  },
];

export function planSpikes(seed: number, window: TimeWindow, defs: readonly WorkspaceDef[]): Spike[] {
  const span = window.end - window.start;
  const spikes: Spike[] = [];
  for (const def of defs) {
    const base = SPIKES_PER_90_DAYS[def.slug] ?? 0;
    if (base === 0) continue;
    const rng = Rng.stream(seed, "spikes", def.slug);
    const count = Math.min(12, Math.max(1, Math.round((base * window.days) / 90)));
    const kinds = rng.shuffle(KINDS);
    const usedKeys = new Set<string>();
    for (let i = 0; i < count; i++) {
      const kind = kinds[i % kinds.length]!;
      // One spike per stretch of the window, so that they do not pile up in the same week.
      const stretch = Math.max(1, Math.floor(window.days / count));
      const day = window.start + (i * stretch + Math.floor(rng.float() * stretch)) * DAY;
      // Sends go out early afternoon UTC (morning in the Americas).
      const at = day - (day % DAY) + rng.int(13, 16) * HOUR + rng.int(0, 59) * 60_000 + rng.int(0, 59_999);
      const start = Math.min(
        Math.max(at, window.start + Math.floor(span * 0.02)),
        window.end - Math.floor(span * 0.02),
      );
      const date = new Date(start);
      const shape = kind.shape(MONTHS[date.getUTCMonth()]!, date.getUTCFullYear());
      let key = shape.key;
      for (let n = 2; usedKeys.has(key); n++) key = `${shape.key}-${n}`;
      usedKeys.add(key);
      spikes.push({
        workspaceSlug: def.slug,
        start,
        meanHours: kind.meanHours[0] + rng.float() * (kind.meanHours[1] - kind.meanHours[0]),
        share: 0.02 + rng.float() * 0.025,
        key,
        source: kind.source,
        medium: kind.medium,
        campaign: shape.campaign,
        path: shape.path,
      });
    }
  }
  return spikes;
}
