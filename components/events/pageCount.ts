import { lastReachablePage } from "@/lib/contract/query";

export interface PageCount {
  /** Pages the view fills, when its total is known. */
  pages: number | null;
  /** The last page the pager offers: the view's last, or the deepest the platform serves, whichever is first. */
  last: number;
  /** The view has pages past `last` that paging cannot reach (sort the other way or narrow the range). */
  capped: boolean;
}

/**
 * Which pages the events table offers: the platform serves a page only while page × limit stays
 * within MAX_PAGE_DEPTH, so a view of more events than that has pages no one can open.
 */
export function pageCount(total: number | null, limit: number): PageCount {
  const deepest = lastReachablePage(limit);
  const pages = total === null ? null : Math.max(1, Math.ceil(total / limit));
  const last = pages === null ? deepest : Math.min(pages, deepest);
  return { pages, last, capped: pages !== null && pages > last };
}
