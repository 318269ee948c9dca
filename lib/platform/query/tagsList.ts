import type { TagListItem, TagsQuery } from "../../contract/tags";
import type { Db } from "./db";
import { direction, pageClause, searchAny } from "./listSql";
import { readTag } from "./records";
import { SqlParams } from "./sqlParams";

/**
 * GET /tags. Tags carry no creation time in the store; they were inserted in the order they were
 * created, so `createdAt` orders by DuckDB's rowid (insertion order).
 */
export async function listTags(db: Db, workspaceId: string, query: TagsQuery): Promise<TagListItem[]> {
  const p = new SqlParams();
  const where = [`workspace_id = ${p.add("workspaceId", workspaceId)}`];
  if (query.ids) where.push(`list_contains(${p.list("ids", query.ids)}, id)`);
  if (query.search !== undefined) where.push(searchAny(["name"], query.search, p));
  const dir = direction(query.sortOrder);
  const order = query.sortBy === "name" ? `name ${dir}, id ${dir}` : `rowid ${dir}`;
  const rows = await db.all(
    `SELECT id, name, color FROM tags WHERE ${where.join(" AND ")} ORDER BY ${order} ${pageClause(query)}`,
    p.values,
  );
  return rows.map(readTag);
}
