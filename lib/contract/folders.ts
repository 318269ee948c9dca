import * as z from "./zod";
import { pageShape, parseListParams, textParam, type PageRequest } from "./listPages";
import { isoTimestamp } from "./timestamps";

/** GET /folders: the workspace's link folders, as the hosted platform lists them (its SDK's `folders.list`). */

export const DEFAULT_FOLDERS_PAGE_SIZE = 50;

export interface FoldersQuery extends PageRequest {
  search?: string;
}

export const foldersShape = { search: textParam("search"), ...pageShape };

export function parseFoldersQuery(params: URLSearchParams): FoldersQuery {
  const { parsed } = parseListParams(foldersShape, params);
  return { search: parsed.search, page: parsed.page ?? 1, pageSize: parsed.pageSize ?? DEFAULT_FOLDERS_PAGE_SIZE };
}

export const folderListItemSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  type: z.enum(["default", "mega"]),
  accessLevel: z.nullable(z.enum(["write", "read"])),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export const folderListSchema = z.array(folderListItemSchema);
export type FolderListItem = z.infer<typeof folderListItemSchema>;
