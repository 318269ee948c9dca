// Filtered requests at scale (issue 16): a fixed mix over HTTP — the filtered /events page and
// filtered /analytics groupings over a year — timed on the bench's file and, for how cost grows
// with data, on a 1M-click file over the same days.
import { EVENT_CASES, EVENTS_PACE_MS, BUSINESS_KEY } from "./events";
import { timedGet } from "./http";
import { figures, pacedSamples, type Figures, type PaceOptions } from "./stats";

export interface FilteredCase {
  name: string;
  path: "/events" | "/analytics";
  qs: string;
  goalMs: number;
}

const EVENTS_GOAL_MS = 20;
const ANALYTICS_GOAL_MS = 50;
/** The file whose figures are printed beside the bench's own. */
export const REFERENCE_CLICKS = 1_000_000;

const eventsPage = EVENT_CASES.find((c) => c.goal);
if (!eventsPage) throw new Error("bench: no /events case carries the goal");
const yearPage = new URLSearchParams(eventsPage.qs);
yearPage.set("interval", "1y");
const analytics = (params: Record<string, string>) => new URLSearchParams({ interval: "1y", ...params }).toString();

export const FILTERED_CASES: readonly FilteredCase[] = [
  { name: `events ${eventsPage.name} 30d`, path: "/events", qs: eventsPage.qs, goalMs: EVENTS_GOAL_MS },
  { name: `events ${eventsPage.name} 1y`, path: "/events", qs: yearPage.toString(), goalMs: EVENTS_GOAL_MS },
  {
    name: "composite timeseries, country=US,DE",
    path: "/analytics",
    qs: analytics({ event: "composite", groupBy: "timeseries", country: "US,DE" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "top_links, trigger=qr",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "top_links", trigger: "qr" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "countries, device=-Mobile",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "countries", device: "-Mobile" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "utm_sources, referer=google.com",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "utm_sources", referer: "google.com" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "leads by country, plan=pro",
    path: "/analytics",
    qs: analytics({ event: "leads", groupBy: "countries", query: "metadata['plan']:'pro'" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
];

export interface FilteredResult {
  figures: Record<string, Figures>;
  /** 429s met despite the pacing (each waited out and not sampled). */
  limited: number;
}

/** Every case against a running platform, paced under the business key's 4 requests per second. */
export async function benchFiltered(baseUrl: string, pace: Omit<PaceOptions, "paceMs">): Promise<FilteredResult> {
  const headers = { Authorization: `Bearer ${BUSINESS_KEY}` };
  const out: Record<string, Figures> = {};
  let limited = 0;
  for (const c of FILTERED_CASES) {
    const samples = await pacedSamples({ ...pace, paceMs: EVENTS_PACE_MS }, async () => {
      const reply = await timedGet(`${baseUrl}${c.path}?${c.qs}`, headers);
      limited += reply.limited;
      return reply.ms;
    });
    out[c.name] = figures(samples);
  }
  return { figures: out, limited };
}
