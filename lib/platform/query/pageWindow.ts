import type { DateRange } from "../../contract/dateRange";
import type { SortOrder } from "../../contract/query";

/**
 * Events are stored in time order, so DuckDB skips whatever a time bound excludes. A page
 * sorted by time lies at one end of the range: the first attempt reads only a slice at that
 * end, sized from the workspace's event rate to hold the page many times over. When the slice
 * fills the page, every row outside it sorts after the page, so the page is exact; when it
 * does not, the caller tries a slice WINDOW_GROWTH times wider (pageWindows), then the whole range.
 * The slice is sized from the share of events the filters keep, when it can be estimated.
 */

/** Matching rows the slice aims to hold per row the page needs: room for filters that keep 1 row in 16. */
export const WINDOW_HEADROOM = 16;

/**
 * Matching rows the first slice aims to hold per row the page needs when the filters' share is
 * estimated (filterShares.ts): room for the estimate being 4 times too high, or the recent rate
 * that much below the span's. A slice holding fewer rows costs less (DuckDB reads the wide
 * columns of the vectors where a row matched); one holding too few costs the next slice.
 */
export const SLICE_MARGIN = 4;

/**
 * The margin for a page needing DEEP_SLICE_ROWS rows or more: so many rows vary little by chance,
 * and the sort of a deep page costs by the rows it holds (page 50 with two filters at 10M clicks:
 * 8,244 rows into the sort instead of 15,805, still one slice).
 */
export const DEEP_SLICE_MARGIN = 2;
export const DEEP_SLICE_ROWS = 1_000;

/** The slices' headroom (events of the kind per row the page needs) for `needed` rows among filters keeping `share` of them. */
export const headroomFor = (share: number, needed: number): number =>
  (needed >= DEEP_SLICE_ROWS ? DEEP_SLICE_MARGIN : SLICE_MARGIN) / share;

/** Where a workspace's events of one kind lie in time. */
export interface EventSpan {
  count: number;
  first: Date;
  last: Date;
}

/** The extra time bound of the first attempt: a lower bound for newest-first, an upper one for oldest-first. */
export type PageWindow = { after: Date } | { before: Date };

/**
 * The slice that should hold `needed` rows (offset + limit) at the sorted end of the range,
 * or null when it would not be narrower than the range itself.
 */
export function pageWindow(
  span: EventSpan,
  range: DateRange,
  needed: number,
  order: SortOrder,
  headroom = WINDOW_HEADROOM,
): PageWindow | null {
  if (span.count === 0 || needed <= 0) return null;
  const spanMs = Math.max(1, span.last.getTime() - span.first.getTime());
  const width = Math.ceil((needed * headroom * spanMs) / span.count);
  const start = range.start.getTime();
  const end = range.end.getTime();
  if (order === "desc") {
    // Data may stop before the range does (a seeded file, a quiet workspace): start from its last event.
    const anchor = Math.min(end, span.last.getTime() + 1);
    const after = anchor - width;
    return after > start ? { after: new Date(after) } : null;
  }
  const anchor = Math.max(start, span.first.getTime());
  const before = anchor + width;
  return before < end ? { before: new Date(before) } : null;
}

/**
 * Each slice after the first is this many times wider than the one before: a filter keeping one
 * row in 200 (a link, a referer, a sale type and a country) costs a second slice, not the year.
 */
export const WINDOW_GROWTH = 16;

/**
 * The slices to try in turn for `needed` rows: pageWindow's, then each WINDOW_GROWTH times wider,
 * while narrower than the range. `headroom`: events per row needed in the first (headroomFor).
 */
export function pageWindows(
  span: EventSpan,
  range: DateRange,
  needed: number,
  order: SortOrder,
  headroom = WINDOW_HEADROOM,
): PageWindow[] {
  const out: PageWindow[] = [];
  for (let rows = needed; ; rows *= WINDOW_GROWTH) {
    const window = pageWindow(span, range, rows, order, headroom);
    if (window === null) return out;
    out.push(window);
  }
}
