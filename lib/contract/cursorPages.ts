import { ApiError } from "./errors";
import { MAX_PAGE_SIZE, textParam } from "./listPages";
import { described, integer } from "./params";
import { MAX_PAGE } from "./query";

/**
 * How GET /links and GET /customers page, as the hosted platform does: numbered pages (`page`,
 * deprecated there, at most MAX_OFFSET_PAGE) or a cursor, `startingAfter` / `endingBefore` the id
 * of an item of the list. Cursors read the list in creation order (the direction of `sortOrder`);
 * any other sort pages by number only. The rules live here so both endpoints refuse alike.
 */

export const MAX_OFFSET_PAGE = 1000;

/** The sort a cursor walks: creation time, ties by id. */
export const CURSOR_SORT = "createdAt";

export type ListPage =
  | { kind: "offset"; page: number; pageSize: number }
  | { kind: "after"; id: string; pageSize: number }
  | { kind: "before"; id: string; pageSize: number };

export const cursorPageShape = {
  // Over MAX_OFFSET_PAGE is refused below with the hosted platform's advice; the bound here only keeps the number sane.
  page: described(
    integer("page", 1, MAX_PAGE),
    `Deprecated: the page, from 1, at most ${MAX_OFFSET_PAGE}; page with a cursor instead.`,
    { deprecated: true },
  ),
  pageSize: described(integer("pageSize", 1, MAX_PAGE_SIZE), `Items per page, at most ${MAX_PAGE_SIZE}.`),
  startingAfter: textParam(
    "startingAfter",
    "The id of an item of the list: the items after it, in creation order (sortBy createdAt only; not with page or endingBefore).",
  ),
  endingBefore: textParam(
    "endingBefore",
    "The id of an item of the list: the items before it, in creation order (sortBy createdAt only; not with page or startingAfter).",
  ),
};

export interface CursorPageParams {
  page?: number;
  pageSize?: number;
  startingAfter?: string;
  endingBefore?: string;
}

/** The page asked for, or the 422 the hosted platform answers for the combination. */
export function readListPage(given: CursorPageParams, sortBy: string, defaultPageSize: number): ListPage {
  const pageSize = given.pageSize ?? defaultPageSize;
  const { startingAfter, endingBefore, page } = given;
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw new ApiError(
      "unprocessable_entity",
      `You cannot use both "startingAfter" and "endingBefore" at the same time.`,
    );
  }
  const cursor = startingAfter ?? endingBefore;
  if (cursor !== undefined) {
    if (sortBy !== CURSOR_SORT) {
      throw new ApiError(
        "unprocessable_entity",
        `Cursor-based pagination only supports sorting by "${CURSOR_SORT}"; use page and pageSize to sort by "${sortBy}".`,
      );
    }
    if (page !== undefined) {
      throw new ApiError(
        "unprocessable_entity",
        `You cannot use both "page" and "startingAfter"/"endingBefore" at the same time; use one way of paging.`,
      );
    }
    return startingAfter !== undefined
      ? { kind: "after", id: startingAfter, pageSize }
      : { kind: "before", id: cursor, pageSize };
  }
  const number = page ?? 1;
  if (number > MAX_OFFSET_PAGE) {
    throw new ApiError(
      "unprocessable_entity",
      `Invalid value for "page": ${number} is too big (at most ${MAX_OFFSET_PAGE}); page further with "startingAfter" instead.`,
    );
  }
  return { kind: "offset", page: number, pageSize };
}

export const UNKNOWN_CURSOR_MESSAGE = "Invalid cursor: the provided ID does not exist.";
