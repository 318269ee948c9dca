import * as z from "./zod";
import { TAG_COLORS } from "./events";
import { pageShape, parseListParams, sortOrderParam, textParam, type SortedPageRequest } from "./listPages";
import { oneOf } from "./params";

/** GET /tags: the workspace's link tags, as the hosted platform lists them (its SDK's `tags.list`). */

export const TAG_SORTS = ["name", "createdAt"] as const;
export type TagSort = (typeof TAG_SORTS)[number];

export const DEFAULT_TAGS_PAGE_SIZE = 100;

export interface TagsQuery extends SortedPageRequest<TagSort> {
  search?: string;
  ids?: string[];
}

export const tagsShape = {
  sortBy: oneOf("sortBy", TAG_SORTS),
  sortOrder: sortOrderParam,
  search: textParam("search"),
  ...pageShape,
};

export function parseTagsQuery(params: URLSearchParams): TagsQuery {
  const { parsed, lists } = parseListParams(tagsShape, params, ["ids"]);
  return {
    sortBy: parsed.sortBy ?? "name",
    sortOrder: parsed.sortOrder ?? "asc",
    search: parsed.search,
    ids: lists.ids,
    page: parsed.page ?? 1,
    pageSize: parsed.pageSize ?? DEFAULT_TAGS_PAGE_SIZE,
  };
}

export const tagListItemSchema = z.strictObject({ id: z.string(), name: z.string(), color: z.enum(TAG_COLORS) });
export const tagListSchema = z.array(tagListItemSchema);
export type TagListItem = z.infer<typeof tagListItemSchema>;
