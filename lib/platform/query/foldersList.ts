import type { FolderListItem, FoldersQuery } from "../../contract/folders";
import { toIso } from "../../contract/timestamps";
import type { Db } from "./db";
import { pageClause, searchAny } from "./listSql";
import { date, str } from "./rows";
import { SqlParams } from "./sqlParams";

/**
 * GET /folders, by name. The store keeps no folder timestamps: folders were made with their
 * workspace, whose creation time they report.
 */
export async function listFolders(db: Db, workspaceId: string, query: FoldersQuery): Promise<FolderListItem[]> {
  const p = new SqlParams();
  const where = [`f.workspace_id = ${p.add("workspaceId", workspaceId)}`];
  if (query.search !== undefined) where.push(searchAny(["f.name"], query.search, p));
  const rows = await db.all(
    `SELECT f.id, f.name, w.created_at FROM folders f JOIN workspaces w ON w.id = f.workspace_id
WHERE ${where.join(" AND ")} ORDER BY f.name, f.id ${pageClause(query)}`,
    p.values,
  );
  return rows.map((row) => {
    const createdAt = toIso(date(row, "created_at"));
    return {
      id: str(row, "id"),
      name: str(row, "name"),
      description: null,
      type: "default",
      accessLevel: "write",
      createdAt,
      updatedAt: createdAt,
    };
  });
}
