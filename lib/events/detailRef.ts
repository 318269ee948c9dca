import { isValidBound } from "../contract/dateRange";
import { parseEventsQuery, type EventsQuery } from "../contract/query";
import { ISO_DATE_TIME } from "../contract/timestamps";

/**
 * The event whose detail is open, as the URL says it: `detail=<kind>:<id>` (`event` already names
 * the view's kind) and `detailAt=<timestamp>`, the event's instant, so a fresh reader finds it even
 * when it is no longer on the page the URL names: one request for that millisecond.
 */
export const DETAIL_KINDS = ["click", "lead", "sale"] as const;
export type DetailKind = (typeof DETAIL_KINDS)[number];

export interface DetailRef {
  kind: DetailKind;
  id: string;
  /** ISO 8601 instant of the event; null when the URL names none (then only the current page is searched). */
  at: string | null;
}

const DETAIL_PATTERN = /^(click|lead|sale):([\w.-]{1,100})$/;

/** True for a `detail` value of the right shape. */
export function isDetailValue(value: string): boolean {
  return DETAIL_PATTERN.test(value);
}

export function readDetail(detail: string | null | undefined, at: string | null | undefined): DetailRef | null {
  const match = detail ? DETAIL_PATTERN.exec(detail) : null;
  if (!match) return null;
  const instant = at && ISO_DATE_TIME.test(at) && isValidBound(at) ? at : null;
  return { kind: match[1] as DetailKind, id: match[2], at: instant };
}

export function detailKeys(ref: DetailRef | null): { detail: string | null; detailAt: string | null } {
  return ref ? { detail: `${ref.kind}:${ref.id}`, detailAt: ref.at } : { detail: null, detailAt: null };
}

const PLURAL: Record<DetailKind, EventsQuery["event"]> = { click: "clicks", lead: "leads", sale: "sales" };

/** The one request that finds the event: its kind over the millisecond it happened (no filters: the event is the same whatever the view). */
export function detailQuery(ref: DetailRef & { at: string }): EventsQuery {
  return parseEventsQuery(
    new URLSearchParams({ event: PLURAL[ref.kind], start: ref.at, end: ref.at, timezone: "UTC", limit: "100" }),
  );
}
