import type { GroupListItem, GroupSort, GroupsQuery } from "../../contract/groups";
import type { Db } from "./db";
import { direction, pageClause, searchAny } from "./listSql";
import { num, str } from "./rows";
import { SqlParams } from "./sqlParams";

/**
 * GET /groups: the workspace's partner groups with their partners' links' all-time counters. The
 * store keeps no group creation time (groups were made with their workspace: the id decides that
 * order) and no commissions (0).
 */

const SORT_SQL: Record<GroupSort, string> = {
  createdAt: "id",
  totalPartners: "total_partners",
  totalClicks: "total_clicks",
  totalLeads: "total_leads",
  totalSales: "total_sales",
  totalSaleAmount: "total_sale_amount",
  totalConversions: "total_conversions",
  totalCommissions: "NULL::DOUBLE",
};

/** A group's slug as the hosted platform makes one from a name. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "group";

export async function listGroups(db: Db, workspaceId: string, query: GroupsQuery): Promise<GroupListItem[]> {
  const p = new SqlParams();
  const ws = p.add("workspaceId", workspaceId);
  const where = [`g.workspace_id = ${ws}`];
  if (query.search !== undefined) where.push(searchAny(["g.name"], query.search, p));
  if (query.groupIds !== undefined) where.push(`list_contains(${p.list("groupIds", query.groupIds)}, g.id)`);
  const dir = direction(query.sortOrder);
  const rows = await db.all(
    `WITH partner_totals AS (
  SELECT pa.group_id, count(DISTINCT pa.id) AS partners, coalesce(sum(l.clicks), 0) AS clicks, coalesce(sum(l.leads), 0) AS leads,
    coalesce(sum(l.sales), 0) AS sales, coalesce(sum(l.sale_amount), 0) AS sale_amount, coalesce(sum(l.conversions), 0) AS conversions
  FROM partners pa LEFT JOIN links l ON l.partner_id = pa.id AND l.workspace_id = ${ws}
  WHERE pa.workspace_id = ${ws} GROUP BY pa.group_id
), grouped AS (
  SELECT g.id, g.name, coalesce(t.partners, 0)::BIGINT AS total_partners, coalesce(t.clicks, 0)::BIGINT AS total_clicks,
    coalesce(t.leads, 0)::BIGINT AS total_leads, coalesce(t.sales, 0)::BIGINT AS total_sales,
    coalesce(t.sale_amount, 0)::BIGINT AS total_sale_amount, coalesce(t.conversions, 0)::BIGINT AS total_conversions
  FROM partner_groups g LEFT JOIN partner_totals t ON t.group_id = g.id
  WHERE ${where.join(" AND ")}
)
SELECT * FROM grouped ORDER BY ${SORT_SQL[query.sortBy]} ${dir} NULLS LAST, id ${dir} ${pageClause(query)}`,
    p.values,
  );
  return rows.map((row) => {
    const name = str(row, "name");
    const saleAmount = num(row, "total_sale_amount");
    return {
      id: str(row, "id"),
      name,
      slug: slugOf(name),
      color: null,
      logo: null,
      wordmark: null,
      brandColor: null,
      holdingPeriodDays: 0,
      autoApprovePartnersEnabledAt: null,
      clickReward: null,
      leadReward: null,
      saleReward: null,
      discount: null,
      utmTemplate: null,
      additionalLinks: null,
      maxPartnerLinks: 10,
      linkStructure: "short",
      totalPartners: num(row, "total_partners"),
      totalClicks: num(row, "total_clicks"),
      totalLeads: num(row, "total_leads"),
      totalSales: num(row, "total_sales"),
      totalSaleAmount: saleAmount,
      totalConversions: num(row, "total_conversions"),
      totalCommissions: 0,
      netRevenue: saleAmount,
    };
  });
}
