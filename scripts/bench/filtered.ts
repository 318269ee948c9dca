// Filtered requests at scale (issues 16 and 24): a fixed mix over HTTP — filtered /events pages and
// /analytics groupings with one, two and three filters over a year — timed on the bench's file and, for how cost grows
// with data, on a 1M-click file over the same days.
import { EVENT_CASES, EVENTS_PACE_MS, BUSINESS_KEY } from "./events";
import { timedGet } from "./http";
import { residentMemory, type ResidentMemory } from "./memory";
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

const events = (params: Record<string, string>) =>
  new URLSearchParams({ interval: "1y", limit: "100", ...params }).toString();

/** One filter per /analytics case (issue 16). */
const ONE_FILTER: readonly FilteredCase[] = [
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

/** Two and three filters at once, as the dashboard sets them (issue 24). */
const SEVERAL_FILTERS: readonly FilteredCase[] = [
  {
    name: "count composite, country=US + device=Mobile",
    path: "/analytics",
    qs: analytics({ event: "composite", groupBy: "count", country: "US", device: "Mobile" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "timeseries, country=US,DE + device=Desktop + trigger=qr",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "timeseries", country: "US,DE", device: "Desktop", trigger: "qr" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "browsers, continent=EU + os=-iOS",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "browsers", continent: "EU", os: "-iOS" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "countries composite, device=Mobile + browser=Safari + trigger=link",
    path: "/analytics",
    qs: analytics({ event: "composite", groupBy: "countries", device: "Mobile", browser: "Safari", trigger: "link" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "top_links, country=US + device=Mobile",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "top_links", country: "US", device: "Mobile" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "referers, country=US + trigger=link + device=-Tablet",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "referers", country: "US", trigger: "link", device: "-Tablet" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
];

/**
 * Filters on columns of many values (a link's attributes, a referer, a referer URL) with the
 * cards' groupings (issue 24): the business key's demo workspace's domain and pricing link.
 */
const MANY_VALUES: readonly FilteredCase[] = [
  {
    name: "timeseries, linkId=pricing",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "timeseries", linkId: "link_d9G1uQxWXyEKKFLIqlWh1DOj" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "countries composite, domain=acme.link + device=Mobile",
    path: "/analytics",
    qs: analytics({ event: "composite", groupBy: "countries", domain: "acme.link", device: "Mobile" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "devices, referer=google.com + country=US",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "devices", referer: "google.com", country: "US" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
  {
    name: "count, refererUrl=https://www.google.com/",
    path: "/analytics",
    qs: analytics({ event: "clicks", groupBy: "count", refererUrl: "https://www.google.com/" }),
    goalMs: ANALYTICS_GOAL_MS,
  },
];

/** /events pages over a year: several dimensions, deep, and sales by sale type (issue 24). */
const EVENT_PAGES: readonly FilteredCase[] = [
  {
    name: "events country=US + device=Desktop + browser=Chrome 1y",
    path: "/events",
    qs: events({ event: "clicks", country: "US", device: "Desktop", browser: "Chrome" }),
    goalMs: EVENTS_GOAL_MS,
  },
  {
    name: "events country=US,DE + trigger=link, page 50 1y",
    path: "/events",
    qs: events({ event: "clicks", country: "US,DE", trigger: "link", page: "50" }),
    goalMs: EVENTS_GOAL_MS,
  },
  {
    name: "events unfiltered, page 500 1y",
    path: "/events",
    qs: events({ event: "clicks", page: "500" }),
    goalMs: EVENTS_GOAL_MS,
  },
  {
    name: "events sales saleType=recurring 1y",
    path: "/events",
    qs: events({ event: "sales", saleType: "recurring" }),
    goalMs: EVENTS_GOAL_MS,
  },
  {
    name: "events sales saleType=new + country=US 1y",
    path: "/events",
    qs: events({ event: "sales", saleType: "new", country: "US" }),
    goalMs: EVENTS_GOAL_MS,
  },
];

export const FILTERED_CASES: readonly FilteredCase[] = [
  { name: `events ${eventsPage.name} 30d`, path: "/events", qs: eventsPage.qs, goalMs: EVENTS_GOAL_MS },
  { name: `events ${eventsPage.name} 1y`, path: "/events", qs: yearPage.toString(), goalMs: EVENTS_GOAL_MS },
  ...EVENT_PAGES,
  ...ONE_FILTER,
  ...SEVERAL_FILTERS,
  ...MANY_VALUES,
];

export interface FilteredResult {
  figures: Record<string, Figures>;
  /** 429s met despite the pacing (each waited out and not sampled). */
  limited: number;
  /** The platform's resident memory after the mix, when its process id was given. */
  memory?: ResidentMemory;
}

/** Every case against a running platform, paced under the business key's 4 requests per second. */
export async function benchFiltered(
  baseUrl: string,
  pace: Omit<PaceOptions, "paceMs">,
  platformPid?: number,
): Promise<FilteredResult> {
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
  const memory = platformPid === undefined ? null : await residentMemory(platformPid);
  return { figures: out, limited, ...(memory ? { memory } : {}) };
}
