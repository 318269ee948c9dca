import type { LinkRecord } from "../../contract/events";
import type { LinkSort, LinksQuery } from "../../contract/links";
import { cursorClause, direction, pageClause, requireCursor } from "./listSql";
import { fetchLinks } from "./lookups";
import { str } from "./rows";
import { SqlParams } from "./sqlParams";
import type { Store } from "./store";

const SORT_SQL: Record<LinkSort, string> = {
  createdAt: "created_at",
  clicks: "clicks",
  saleAmount: "sale_amount",
  lastClicked: "last_clicked",
};

/**
 * GET /links: a page of the workspace's links in the order asked (ties by id; links never
 * clicked last when sorted by lastClicked), or after / before a cursor in creation order,
 * archived ones only when asked, each as GET /events shows it (read through the link cache,
 * which the writer keeps true).
 */
export async function listLinks(store: Store, workspaceId: string, query: LinksQuery): Promise<LinkRecord[]> {
  const p = new SqlParams();
  const where = [`workspace_id = ${p.add("ws", workspaceId)}`];
  if (query.domain !== undefined) where.push(`domain = ${p.add("domain", query.domain)}`);
  if (!query.showArchived) where.push("NOT archived");
  const { page } = query;
  let order: string;
  let limit: string;
  let reversed = false;
  if (page.kind === "offset") {
    const dir = direction(query.sortOrder);
    order = `${SORT_SQL[query.sortBy]} ${dir} NULLS LAST, id ${dir}`;
    limit = pageClause(page);
  } else {
    await requireCursor(store.db, "links", workspaceId, page.id);
    const cursor = cursorClause(page, query.sortOrder, { createdAt: "created_at", id: "id" }, "links", p);
    where.push(cursor.where);
    ({ orderBy: order, limit, reversed } = cursor);
  }
  const rows = await store.db.all(
    `SELECT id FROM links WHERE ${where.join(" AND ")} ORDER BY ${order} ${limit}`,
    p.values,
  );
  const ids = rows.map((row) => str(row, "id"));
  if (reversed) ids.reverse();
  const links = await fetchLinks(store, workspaceId, ids);
  return ids.flatMap((id) => links.get(id) ?? []);
}
