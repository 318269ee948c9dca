import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** One data request a page makes, as the browser sends it. */
export interface DataRequest {
  /** Path and query, e.g. /api/w/default/analytics?… */
  path: string;
  /** Its X-Linklens-Priority header, if any. */
  priority?: string;
}

export interface RecordedView {
  /** The shared URL (path and query), as a teammate pastes it. */
  url: string;
  requests: DataRequest[];
}

/** A shared view, and the same view with a filter applied (what a viewer does next). */
export interface ViewGroup {
  name: string;
  open: RecordedView;
  filters: RecordedView[];
}

export interface ViewsFile {
  recordedAt: string;
  how: string;
  groups: ViewGroup[];
}

/** The shared URLs the simulated viewers open and filter; recorded from the real page (./record.ts). */
export const SHARED_VIEWS: { name: string; open: string; filters: string[] }[] = [
  {
    name: "last 30 days",
    open: "/?interval=30d",
    filters: ["/?interval=30d&country=US", "/?interval=30d&device=Mobile"],
  },
  { name: "last 7 days", open: "/?interval=7d", filters: ["/?interval=7d&country=DE", "/?interval=7d&browser=Chrome"] },
  {
    name: "last 90 days by week",
    open: "/?interval=90d&granularity=week",
    filters: ["/?interval=90d&granularity=week&country=GB"],
  },
];

export const VIEWS_FILE = join("scripts", "loadtest", "views.json");

export function readViews(file = VIEWS_FILE): ViewsFile {
  return JSON.parse(readFileSync(file, "utf8")) as ViewsFile;
}

export function writeViews(views: ViewsFile, file = VIEWS_FILE): void {
  writeFileSync(file, `${JSON.stringify(views, null, 2)}\n`);
}
