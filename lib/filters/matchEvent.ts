import { FILTER_PARAMS, appliesTo, type FilterParam } from "../contract/dimensions";
import type { ReadEvent } from "../contract/readEvents";
import type { CommonQuery } from "../contract/query";
import { FILTER_DISPLAY } from "./dimensions";

/** The event kind a listed event is, in the API's plural. */
const KIND = { click: "clicks", lead: "leads", sale: "sales" } as const;

/** A metadata value as the platform compares it (json_extract_string): strings as they are, anything else as JSON. */
function metadataText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function metadataMatches(event: ReadEvent, query: CommonQuery): boolean {
  if (event.event === "click") return true;
  const metadata =
    typeof event.metadata === "object" && event.metadata !== null ? (event.metadata as Record<string, unknown>) : {};
  return query.metadata.every((clause) => metadataText(metadata[clause.key]) === clause.value);
}

/** The filters of a view an event cannot be checked against in the browser (the event does not carry their value). */
export function unmatchableFilters(query: CommonQuery): FilterParam[] {
  return FILTER_PARAMS.filter((param) => query.filters[param] && param !== "query" && !FILTER_DISPLAY[param].fromEvent);
}

/**
 * Whether an event that just happened belongs in the view: every filter of the view that its kind
 * has, checked where the value sits in the event (lib/filters/dimensions.ts), as the platform would.
 * The range is not checked (the event is now); filters the event cannot tell are let through
 * (unmatchableFilters says which, so the page can say so).
 */
export function eventMatches(event: ReadEvent, query: CommonQuery): boolean {
  const kind = KIND[event.event];
  for (const param of FILTER_PARAMS) {
    const clause = query.filters[param];
    if (!clause || !appliesTo(param, kind)) continue;
    if (param === "query") {
      if (!metadataMatches(event, query)) return false;
      continue;
    }
    const where = FILTER_DISPLAY[param].fromEvent;
    if (!where) continue;
    const found = where(event);
    const values = (Array.isArray(found) ? found : found === null || found === undefined ? [] : [found]).map(String);
    const hit = values.some((value) => clause.values.includes(value));
    if (clause.exclude ? hit : !hit) return false;
  }
  return true;
}
