import type { SortOrder } from "../../contract/query";
import type { PageRequest } from "../../contract/listPages";
import { pageOffset } from "../../contract/listPages";
import { sqlInt, type SqlParams } from "./sqlParams";

/** SQL fragments the list endpoints (/tags, /folders, /partners, /customers) share. */

/** Case-insensitive substring match of `$search` against any of `columns` (NULL columns never match). */
export function searchAny(columns: readonly string[], search: string, p: SqlParams): string {
  const needle = p.add("search", search.toLowerCase());
  return `(${columns.map((column) => `coalesce(contains(lower(${column}), ${needle}), false)`).join(" OR ")})`;
}

export function direction(order: SortOrder): "ASC" | "DESC" {
  return order === "asc" ? "ASC" : "DESC";
}

/** `LIMIT n OFFSET m` of a numbered page, from validated integers. */
export function pageClause(page: PageRequest): string {
  return `LIMIT ${sqlInt(page.pageSize)} OFFSET ${sqlInt(pageOffset(page))}`;
}
