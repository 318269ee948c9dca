import type { LinkRecord } from "../../contract/events";
import type { LinkSort, LinksQuery } from "../../contract/links";
import { direction, pageClause } from "./listSql";
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
 * clicked last when sorted by lastClicked), archived ones only when asked, each as GET /events
 * shows it (read through the link cache, which the writer keeps true).
 */
export async function listLinks(store: Store, workspaceId: string, query: LinksQuery): Promise<LinkRecord[]> {
  const p = new SqlParams();
  const where = [`workspace_id = ${p.add("ws", workspaceId)}`];
  if (query.domain !== undefined) where.push(`domain = ${p.add("domain", query.domain)}`);
  if (!query.showArchived) where.push("NOT archived");
  const dir = direction(query.sortOrder);
  const rows = await store.db.all(
    `SELECT id FROM links WHERE ${where.join(" AND ")} ORDER BY ${SORT_SQL[query.sortBy]} ${dir} NULLS LAST, id ${dir} ${pageClause(query)}`,
    p.values,
  );
  const ids = rows.map((row) => str(row, "id"));
  const links = await fetchLinks(store, workspaceId, ids);
  return ids.flatMap((id) => links.get(id) ?? []);
}
