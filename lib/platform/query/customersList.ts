import type { CustomerListItem, CustomerSort, CustomersQuery } from "../../contract/customers";
import { toIso } from "../../contract/timestamps";
import type { Db, Row } from "./db";
import { cursorClause, direction, pageClause, requireCursor, searchAny } from "./listSql";
import { readCustomer, shortLinkOf } from "./records";
import { ndate, nstr, num, str } from "./rows";
import { SqlParams } from "./sqlParams";

/**
 * GET /customers. A customer's link (and through it, program and partner) is the link of its
 * lead; its sales and first purchase come from its sale events. A cursor (a customer id of the
 * workspace) pages in creation order from the cursor's own place, whether or not the filters keep
 * it. The store has no subscriptions: that sort leaves the order to the id.
 */

const SORT_SQL: Record<CustomerSort, string | null> = {
  createdAt: "cu.created_at",
  saleAmount: "coalesce(s.sale_amount, 0)",
  firstSaleAt: "s.first_sale_at",
  subscriptionCanceledAt: null,
};

function customerWhere(query: CustomersQuery, p: SqlParams): string[] {
  const where: string[] = [];
  const { match } = query;
  if (match.by === "id") where.push(`cu.id = ${p.add("id", match.value)}`);
  if (match.by === "email") where.push(`cu.email = ${p.add("email", match.value)}`);
  if (match.by === "externalId") where.push(`cu.external_id = ${p.add("externalId", match.value)}`);
  if (match.by === "search") where.push(searchAny(["cu.email", "cu.external_id", "cu.name"], match.value, p));
  if (query.country !== undefined) where.push(`cu.country = ${p.add("country", query.country)}`);
  if (query.linkId !== undefined) where.push(`l.id = ${p.add("linkId", query.linkId)}`);
  if (query.programId !== undefined) where.push(`l.program_id = ${p.add("programId", query.programId)}`);
  if (query.partnerId !== undefined) where.push(`l.partner_id = ${p.add("partnerId", query.partnerId)}`);
  return where;
}

/** Which rows of the list the page is, in which order they are read, and whether to turn them around. */
function pageOf(query: CustomersQuery, p: SqlParams): { sql: string; reversed: boolean } {
  const { page } = query;
  if (page.kind === "offset") return { sql: `ORDER BY position ${pageClause(page)}`, reversed: false };
  const cursor = cursorClause(page, query.sortOrder, { createdAt: "created_at", id: "id" }, "customers", p);
  return { sql: `WHERE ${cursor.where} ORDER BY ${cursor.orderBy} ${cursor.limit}`, reversed: cursor.reversed };
}

function customerStatement(
  workspaceId: string,
  query: CustomersQuery,
  p: SqlParams,
): { sql: string; reversed: boolean } {
  const ws = p.add("workspaceId", workspaceId);
  const dir = direction(query.sortOrder);
  const sort = SORT_SQL[query.sortBy];
  const order = sort === null ? `cu.id ${dir}` : `${sort} ${dir} NULLS LAST, cu.id ${dir}`;
  const where = [`cu.workspace_id = ${ws}`, ...customerWhere(query, p)];
  const page = pageOf(query, p);
  const sql = `WITH first_leads AS (
  SELECT customer_id, arg_min(link_id, timestamp) AS link_id FROM lead_events WHERE workspace_id = ${ws} GROUP BY customer_id
), purchases AS (
  SELECT customer_id, count(*) AS sales, sum(amount) AS sale_amount, min(timestamp) AS first_sale_at
  FROM sale_events WHERE workspace_id = ${ws} GROUP BY customer_id
), listed AS (
  SELECT cu.id, cu.external_id, cu.name, cu.email, cu.avatar, cu.country, cu.created_at,
    coalesce(s.sales, 0)::BIGINT AS sales, coalesce(s.sale_amount, 0)::BIGINT AS sale_amount, s.first_sale_at,
    l.id AS link_id, l.domain AS link_domain, l.key AS link_key, l.url AS link_url, l.program_id AS link_program_id,
    pa.id AS partner_id, pa.name AS partner_name, pa.email AS partner_email, pa.image AS partner_image,
    row_number() OVER (ORDER BY ${order}) AS position
  FROM customers cu
  LEFT JOIN first_leads f ON f.customer_id = cu.id
  LEFT JOIN purchases s ON s.customer_id = cu.id
  LEFT JOIN links l ON l.id = f.link_id
  LEFT JOIN partners pa ON pa.id = l.partner_id
  WHERE ${where.join(" AND ")}
)
SELECT * FROM listed ${page.sql}`;
  return { sql, reversed: page.reversed };
}

function expanded(row: Row): Pick<CustomerListItem, "link" | "programId" | "partner" | "discount"> {
  const linkId = nstr(row, "link_id");
  const partnerId = nstr(row, "partner_id");
  const programId = nstr(row, "link_program_id");
  const link =
    linkId === null
      ? null
      : {
          id: linkId,
          domain: str(row, "link_domain"),
          key: str(row, "link_key"),
          shortLink: shortLinkOf(str(row, "link_domain"), str(row, "link_key")),
          url: str(row, "link_url"),
          programId,
        };
  const partner =
    partnerId === null
      ? null
      : {
          id: partnerId,
          name: str(row, "partner_name"),
          email: nstr(row, "partner_email"),
          image: nstr(row, "partner_image"),
        };
  return { link, programId, partner, discount: null };
}

function readListedCustomer(row: Row, withExpanded: boolean): CustomerListItem {
  const firstSaleAt = ndate(row, "first_sale_at");
  return {
    ...readCustomer(row),
    sales: num(row, "sales"),
    saleAmount: num(row, "sale_amount"),
    firstSaleAt: firstSaleAt === null ? null : toIso(firstSaleAt),
    subscriptionCanceledAt: null,
    stripeCustomerId: null,
    ...(withExpanded ? expanded(row) : {}),
  };
}

export async function listCustomers(db: Db, workspaceId: string, query: CustomersQuery): Promise<CustomerListItem[]> {
  if (query.page.kind !== "offset") await requireCursor(db, "customers", workspaceId, query.page.id);
  const p = new SqlParams();
  const { sql, reversed } = customerStatement(workspaceId, query, p);
  const rows = await db.all(sql, p.values);
  const inOrder = reversed ? rows.reverse() : rows;
  return inOrder.map((row) => readListedCustomer(row, query.includeExpandedFields));
}
