import { UNKNOWN_CURSOR_MESSAGE, type ListPage } from "../../contract/cursorPages";
import { ApiError } from "../../contract/errors";
import type { SortOrder } from "../../contract/query";
import type { PageRequest } from "../../contract/listPages";
import { pageOffset } from "../../contract/listPages";
import type { Db } from "./db";
import { sqlInt, SqlParams } from "./sqlParams";

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

type CursorTable = "links" | "customers";

/**
 * The rows after (or before) a cursor in creation order (`createdAt`, ties by `id`), in `order`;
 * `createdAt` and `id` are the listed columns, `table` the cursor's own. A page before the cursor is read backwards from it (`reversed`), then put back in order.
 */
export function cursorClause(
  page: Exclude<ListPage, { kind: "offset" }>,
  order: SortOrder,
  columns: { createdAt: string; id: string },
  table: CursorTable,
  p: SqlParams,
): { where: string; orderBy: string; limit: string; reversed: boolean } {
  const cursor = p.add("cursor", page.id);
  const forward = order === "asc" ? page.kind === "after" : page.kind === "before";
  const cmp = forward ? ">" : "<";
  const dir = forward ? "ASC" : "DESC";
  const at = `(SELECT created_at FROM ${table} WHERE id = ${cursor})`;
  return {
    where: `(${columns.createdAt} ${cmp} ${at} OR (${columns.createdAt} = ${at} AND ${columns.id} ${cmp} ${cursor}))`,
    orderBy: `${columns.createdAt} ${dir}, ${columns.id} ${dir}`,
    limit: `LIMIT ${sqlInt(page.pageSize)}`,
    reversed: page.kind === "before",
  };
}

/** Refuses a cursor that is no item of the workspace's `table` with the hosted platform's 422. */
export async function requireCursor(db: Db, table: CursorTable, workspaceId: string, id: string): Promise<void> {
  const p = new SqlParams();
  const rows = await db.all(
    `SELECT 1 AS found FROM ${table} WHERE id = ${p.add("id", id)} AND workspace_id = ${p.add("ws", workspaceId)}`,
    p.values,
  );
  if (rows.length === 0) throw new ApiError("unprocessable_entity", UNKNOWN_CURSOR_MESSAGE);
}
