import { FILTER_PARAMS, type FilterParam } from "@/lib/contract/dimensions";
import { FILTER_DISPLAY } from "@/lib/filters/dimensions";

/** What the view keeps when it moves to another workspace: the range, its zone and the filters whose values mean the same there. */
const RANGE_PARAMS = ["interval", "start", "end", "timezone"] as const;

/** Filters on a workspace's own ids (a link, a tag, a folder…) mean nothing in another one. */
const portable = (param: FilterParam) => FILTER_DISPLAY[param].named !== true;

/**
 * The address the switcher opens for workspace `slug`: its default view (when it has one), with
 * the current range and the current portable filters over it, so a person comparing workspaces
 * keeps looking at the same period and segment.
 */
export function switchTarget(slug: string, current: URLSearchParams, defaultView: string | null): string {
  const next = new URLSearchParams(defaultView ? defaultView.replace(/^\?/, "") : "");
  if (current.has("start") || current.has("end") || current.has("interval"))
    for (const name of ["interval", "start", "end"]) next.delete(name);
  for (const name of RANGE_PARAMS) {
    const value = current.get(name);
    if (value !== null) next.set(name, value);
  }
  for (const param of FILTER_PARAMS) {
    const value = current.get(param);
    if (value !== null && portable(param)) next.set(param, value);
  }
  const search = next.toString();
  return `/w/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}
