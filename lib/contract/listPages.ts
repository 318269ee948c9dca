import * as z from "./zod";
import { ApiError } from "./errors";
import {
  described,
  fail,
  flattenParams,
  integer,
  oneOf,
  readParams,
  refuseFirst,
  type ParamShape,
  type ParsedShape,
} from "./params";
import { MAX_PAGE, SORT_ORDERS, type SortOrder } from "./query";

/**
 * What the hosted platform's list endpoints (/tags, /folders, /partners, /customers) share: `page`
 * from 1, `pageSize` up to the spec's common maximum of 100, `sortOrder`, and bounded search text.
 */

export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface SortedPageRequest<SortBy extends string> extends PageRequest {
  sortBy: SortBy;
  sortOrder: SortOrder;
}

export const pageShape = {
  page: described(integer("page", 1, MAX_PAGE), "The page to read, from 1 (default 1)."),
  pageSize: described(integer("pageSize", 1, MAX_PAGE_SIZE), `Items per page, at most ${MAX_PAGE_SIZE}.`),
};

export const sortOrderParam = described(oneOf("sortOrder", SORT_ORDERS), "asc or desc: the direction of sortBy.", {
  enum: [...SORT_ORDERS],
});

/** Free text matched as given: at most MAX_SEARCH_LENGTH characters; empty means "not given". */
export function textParam(
  param: string,
  description = `Text of at most ${MAX_SEARCH_LENGTH} characters; empty means not given.`,
) {
  const schema = z.pipe(
    z.string(),
    z.transform((raw: string, ctx): string | undefined => {
      if (raw.length > MAX_SEARCH_LENGTH)
        return fail(ctx, param, "unprocessable_entity", `at most ${MAX_SEARCH_LENGTH} characters.`);
      return raw === "" ? undefined : raw;
    }),
  );
  return described(schema, description, { maxLength: MAX_SEARCH_LENGTH });
}

/**
 * Reads `shape` from a query string, refusing the first bad parameter (400 or 422). `repeatable`
 * names the parameters the SDK sends once per value (`ids=a&ids=b`): those come back as lists,
 * comma-separated values split; every other parameter given twice is a 400.
 */
export function parseListParams<S extends ParamShape>(
  shape: S,
  params: URLSearchParams,
  repeatable: readonly string[] = [],
): { parsed: ParsedShape<S>; lists: Record<string, string[]> } {
  const single = new URLSearchParams(params);
  const lists: Record<string, string[]> = {};
  for (const name of repeatable) {
    const values = single
      .getAll(name)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter((value) => value !== "");
    single.delete(name);
    if (values.length > MAX_PAGE_SIZE)
      throw new ApiError("unprocessable_entity", `Invalid value for "${name}": at most ${MAX_PAGE_SIZE} values.`);
    if (values.length > 0) lists[name] = values;
  }
  const { parsed, problems } = readParams(shape, flattenParams(single));
  refuseFirst(problems);
  return { parsed, lists };
}

/** The row offset of a page. */
export function pageOffset({ page, pageSize }: PageRequest): number {
  return (page - 1) * pageSize;
}
