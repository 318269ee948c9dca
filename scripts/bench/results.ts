import type { BuildInfo } from "./build";
import type { BundleResult } from "./bundle";
import type { EventsHttpResult, EventsSqlResult } from "./events";
import type { FilteredResult } from "./filtered";
import type { IngestResult } from "./ingest";
import type { LiveResult } from "./live";
import type { PageRequestsResult } from "./pageRequests";
import type { PageTimingsRun } from "./pageTimings";
import type { CachedRepliesResult, ProxyOverheadResult } from "./proxyOverhead";
import type { SeedInfo } from "./seedData";
import type { Figures } from "./stats";

/** Everything one run measured; a step that failed leaves its field unset and an error. */
export interface Results {
  /** Cores, load average and node version when the bench began (others may share the machine). */
  machineAtStart: string;
  /** One-minute load average when the bench began. */
  loadAtStart: number;
  seed?: SeedInfo;
  build?: BuildInfo;
  eventsHttp?: Record<string, EventsHttpResult>;
  eventsSql?: Record<string, EventsSqlResult>;
  analyticsHttp?: Record<string, Figures>;
  analyticsSql?: Record<string, Figures>;
  filtered?: FilteredResult;
  /** The same mix on the 1M-click file over the same days (unset when the bench's file is that one). */
  filteredReference?: { seed: SeedInfo; result: FilteredResult };
  proxy?: ProxyOverheadResult;
  /** Cache hits through the proxy (the same step, a dashboard with its cache on). */
  cachedReplies?: CachedRepliesResult;
  bundle?: BundleResult;
  pages?: PageRequestsResult;
  /** Issue 20: what a person waits for per view, on this checkout and (with --baseline) another commit. */
  page?: { current: PageTimingsRun; baseline?: PageTimingsRun };
  /** Issue 15: event → browser latency through webhook and SSE, clicks recorded per second. */
  live?: { seed: SeedInfo; result: LiveResult };
  /** Issue 24: redirects, leads and sales per second through a writable platform (a baseline commit's beside it when asked). */
  ingest?: IngestResult;
  errors: { step: string; message: string }[];
}

/** Whether any figure at all was measured (the bench fails only when none was). */
export function measuredAnything(r: Results): boolean {
  return Boolean(
    r.eventsHttp ||
      r.eventsSql ||
      r.analyticsHttp ||
      r.analyticsSql ||
      r.filtered ||
      r.proxy ||
      r.bundle ||
      (r.pages && r.pages.phases.length > 0) ||
      (r.page && r.page.current.views.length > 0) ||
      r.live ||
      r.ingest,
  );
}
