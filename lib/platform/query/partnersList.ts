import type { PartnerLink, PartnerListItem, PartnerSort, PartnersQuery } from "../../contract/partners";
import { toIso } from "../../contract/timestamps";
import type { Db, Row } from "./db";
import { direction, pageClause, searchAny } from "./listSql";
import { shortLinkOf } from "./records";
import { date, nstr, num, str } from "./rows";
import { SqlParams } from "./sqlParams";

/**
 * GET /partners: a page of the workspace's partners with their links' all-time counters, then the
 * page's links and partner tags (one query each). Every partner is approved; a seeded one enrolled
 * when its first link was made, one created through POST /partners when it was created. The store
 * has no commissions or payouts, so commissions are 0 and what is computed from them is null.
 */

/** What the store has no data for sorts every partner equal (the id decides); a bare `0` would be a column position. */
const UNKNOWN = "NULL::DOUBLE";

/** Each sort's SQL over the columns of the partner statement below. */
const SORT_SQL: Record<PartnerSort, string> = {
  createdAt: "created_at",
  totalClicks: "total_clicks",
  totalLeads: "total_leads",
  totalConversions: "total_conversions",
  totalSaleAmount: "total_sale_amount",
  totalCommissions: UNKNOWN,
  netRevenue: "total_sale_amount",
  earningsPerClick: UNKNOWN,
  averageLifetimeValue: "total_sale_amount / nullif(total_conversions, 0)",
  clickToLeadRate: "total_leads / nullif(total_clicks, 0)",
  clickToConversionRate: "total_conversions / nullif(total_clicks, 0)",
  leadToConversionRate: "total_conversions / nullif(total_leads, 0)",
  returnOnAdSpend: UNKNOWN,
};

function partnerWhere(query: PartnersQuery, p: SqlParams): string[] {
  const where: string[] = [];
  if (query.groupId !== undefined) where.push(`group_id = ${p.add("groupId", query.groupId)}`);
  if (query.status !== undefined && query.status !== "approved") where.push("FALSE");
  if (query.country !== undefined) where.push(`country = ${p.add("country", query.country)}`);
  // Precedence as upstream: tenantId, then email, then search.
  if (query.tenantId !== undefined) where.push(`tenant_id = ${p.add("tenantId", query.tenantId)}`);
  else if (query.email !== undefined) where.push(`email = ${p.add("email", query.email)}`);
  else if (query.search !== undefined) where.push(searchAny(["id", "name", "email"], query.search, p));
  return where;
}

function partnerStatement(workspaceId: string, query: PartnersQuery, p: SqlParams): string {
  const ws = p.add("workspaceId", workspaceId);
  const where = partnerWhere(query, p);
  const dir = direction(query.sortOrder);
  return `WITH link_totals AS (
  SELECT partner_id, sum(clicks) AS clicks, sum(leads) AS leads, sum(conversions) AS conversions, sum(sales) AS sales,
    sum(sale_amount) AS sale_amount, min(created_at) AS first_link_at
  FROM links WHERE workspace_id = ${ws} AND partner_id IS NOT NULL GROUP BY partner_id
), enrolled AS (
  SELECT pa.id, pa.name, pa.email, pa.image, pa.country, pa.group_id, pa.tenant_id, pa.description, w.default_program_id AS program_id,
    coalesce(pa.enrolled_at, t.first_link_at, w.created_at) AS created_at,
    coalesce(t.clicks, 0)::BIGINT AS total_clicks, coalesce(t.leads, 0)::BIGINT AS total_leads,
    coalesce(t.conversions, 0)::BIGINT AS total_conversions, coalesce(t.sales, 0)::BIGINT AS total_sales,
    coalesce(t.sale_amount, 0)::BIGINT AS total_sale_amount
  FROM partners pa JOIN workspaces w ON w.id = pa.workspace_id LEFT JOIN link_totals t ON t.partner_id = pa.id
  WHERE pa.workspace_id = ${ws} AND w.default_program_id IS NOT NULL
)
SELECT * FROM enrolled${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""}
ORDER BY ${SORT_SQL[query.sortBy]} ${dir} NULLS LAST, id ${dir} ${pageClause(query)}`;
}

async function partnerLinks(db: Db, ws: string, ids: readonly string[]): Promise<Map<string, PartnerLink[]>> {
  const p = new SqlParams();
  const rows = await db.all(
    `SELECT partner_id, id, domain, key, url, clicks, leads, conversions, sales, sale_amount FROM links
WHERE workspace_id = ${p.add("workspaceId", ws)} AND list_contains(${p.list("ids", ids)}, partner_id) ORDER BY partner_id, created_at, id`,
    p.values,
  );
  const out = new Map<string, PartnerLink[]>();
  for (const row of rows) {
    const domain = str(row, "domain");
    const key = str(row, "key");
    const link: PartnerLink = {
      id: str(row, "id"),
      domain,
      key,
      shortLink: shortLinkOf(domain, key),
      url: str(row, "url"),
      clicks: num(row, "clicks"),
      leads: num(row, "leads"),
      conversions: num(row, "conversions"),
      sales: num(row, "sales"),
      saleAmount: num(row, "sale_amount"),
    };
    const partnerId = str(row, "partner_id");
    out.set(partnerId, [...(out.get(partnerId) ?? []), link]);
  }
  return out;
}

async function partnerTags(
  db: Db,
  ws: string,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const p = new SqlParams();
  const rows = await db.all(
    `SELECT a.partner_id, t.id, t.name FROM partner_tag_assignments a JOIN partner_tags t ON t.id = a.partner_tag_id
WHERE t.workspace_id = ${p.add("workspaceId", ws)} AND list_contains(${p.list("ids", ids)}, a.partner_id) ORDER BY a.partner_id, t.name, t.id`,
    p.values,
  );
  const out = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const partnerId = str(row, "partner_id");
    out.set(partnerId, [...(out.get(partnerId) ?? []), { id: str(row, "id"), name: str(row, "name") }]);
  }
  return out;
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

function readPartner(row: Row, links: PartnerLink[], tags: { id: string; name: string }[]): PartnerListItem {
  const id = str(row, "id");
  const clicks = num(row, "total_clicks");
  const leads = num(row, "total_leads");
  const conversions = num(row, "total_conversions");
  const saleAmount = num(row, "total_sale_amount");
  return {
    id,
    name: str(row, "name"),
    username: null,
    email: nstr(row, "email"),
    image: nstr(row, "image"),
    description: nstr(row, "description"),
    country: nstr(row, "country"),
    companyName: null,
    networkStatus: "draft",
    defaultPayoutMethod: null,
    paypalEmail: null,
    stripeConnectId: null,
    payoutsEnabledAt: null,
    identityVerifiedAt: null,
    programId: str(row, "program_id"),
    groupId: nstr(row, "group_id"),
    partnerId: id,
    tenantId: nstr(row, "tenant_id"),
    createdAt: toIso(date(row, "created_at")),
    status: "approved",
    links,
    tags,
    totalClicks: clicks,
    totalLeads: leads,
    totalConversions: conversions,
    totalSales: num(row, "total_sales"),
    totalSaleAmount: saleAmount,
    totalCommissions: 0,
    netRevenue: saleAmount,
    earningsPerClick: null,
    averageLifetimeValue: ratio(saleAmount, conversions),
    clickToLeadRate: ratio(leads, clicks),
    clickToConversionRate: ratio(conversions, clicks),
    leadToConversionRate: ratio(conversions, leads),
    returnOnAdSpend: null,
  };
}

export async function listPartners(db: Db, workspaceId: string, query: PartnersQuery): Promise<PartnerListItem[]> {
  const p = new SqlParams();
  const rows = await db.all(partnerStatement(workspaceId, query, p), p.values);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => str(row, "id"));
  const [links, tags] = await Promise.all([partnerLinks(db, workspaceId, ids), partnerTags(db, workspaceId, ids)]);
  return rows.map((row) => readPartner(row, links.get(str(row, "id")) ?? [], tags.get(str(row, "id")) ?? []));
}
