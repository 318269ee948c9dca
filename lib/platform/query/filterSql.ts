import type { FilterClause, CommonQuery } from "../../contract/query";
import type { DateRange } from "../../contract/dateRange";
import type { MetadataClause } from "../../contract/metadataQuery";
import type { EventKind, FilterParam } from "../../filters/table";
import { CONVERSION_CLICKS } from "./conversionClicks";
import type { Db } from "./db";
import { date, str } from "./rows";
import { SqlParams, type SqlFragment } from "./sqlParams";

/**
 * The WHERE fragment shared by every events query (listing now, /analytics grouping next):
 * it reads `FROM <EVENT_TABLE[kind]> e` and needs no join, so a caller can join anything else.
 * Link attributes are resolved first to the workspace's matching link ids, passed as one list
 * parameter: a semi-join between the scan and ORDER BY … LIMIT would cost DuckDB its top-N
 * row-group pruning. Click attributes of leads and sales go through a semi-join on the
 * conversion clicks. Everything is scoped to the workspace.
 */

export const EVENT_TABLE: Record<EventKind, string> = {
  clicks: "click_events",
  leads: "lead_events",
  sales: "sale_events",
};

export interface EventScope {
  workspaceId: string;
  kind: EventKind;
  range: DateRange;
}

interface Ctx {
  db: Db;
  p: SqlParams;
  workspaceId: string;
  /** Placeholder of the workspace id. */
  ws: string;
  kind: EventKind;
  metadata: readonly MetadataClause[];
}

type Rule =
  /** A column of click_events; `alias` is `e` for clicks and `c` inside the semi-join. */
  | { level: "click"; column: string; nullable: boolean }
  /** A predicate on `links l`. */
  | { level: "link"; predicate: (clause: FilterClause, ctx: Ctx) => string }
  /** A predicate on the event table `e`. */
  | { level: "event"; predicate: (clause: FilterClause, ctx: Ctx) => string | Promise<string> };

/** `col IN (...)`, or for an exclusion `col NOT IN (...)` that keeps rows where a nullable column is NULL. */
export function inList(column: string, clause: FilterClause, p: SqlParams, nullable: boolean): string {
  const list = p.list(clause.values);
  if (!clause.exclude) return `${column} IN (${list})`;
  return nullable ? `(${column} IS NULL OR ${column} NOT IN (${list}))` : `${column} NOT IN (${list})`;
}

/** `subject IN (subquery)`, negated for exclusions; a NULL subject is kept when excluding. */
function inSubquery(subject: string, subquery: string, exclude: boolean, nullable: boolean): string {
  if (!exclude) return `${subject} IN (${subquery})`;
  return nullable ? `(${subject} IS NULL OR ${subject} NOT IN (${subquery}))` : `${subject} NOT IN (${subquery})`;
}

const click = (column: string, nullable = false): Rule => ({ level: "click", column, nullable });
const linkColumn = (column: string, nullable: boolean): Rule => ({
  level: "link",
  predicate: (clause, { p }) => inList(`l.${column}`, clause, p, nullable),
});

const EXTERNAL_ID_PREFIX = "ext_";

/** Every filter parameter of the table, mapped to its predicate; the Record keeps it exhaustive. */
export const FILTER_SQL: Record<FilterParam, Rule> = {
  domain: linkColumn("domain", false),
  key: { level: "link", predicate: (clause, { p }) => `l.key = ${p.add(clause.values[0])}` },
  linkId: linkColumn("id", false),
  externalId: {
    level: "link",
    predicate: (clause, { p }) => `l.external_id = ${p.add(clause.values[0].slice(EXTERNAL_ID_PREFIX.length))}`,
  },
  tenantId: linkColumn("tenant_id", true),
  tagId: {
    level: "link",
    predicate: (clause, { p }) =>
      inSubquery("l.id", `SELECT lt.link_id FROM link_tags lt WHERE lt.tag_id IN (${p.list(clause.values)})`, clause.exclude, false),
  },
  folderId: linkColumn("folder_id", true),
  root: { level: "link", predicate: (clause) => (clause.values[0] === "true" ? `l.key = '_root'` : `l.key <> '_root'`) },
  partnerId: linkColumn("partner_id", true),
  partnerTagId: {
    level: "link",
    predicate: (clause, { p }) =>
      inSubquery(
        "l.partner_id",
        `SELECT pta.partner_id FROM partner_tag_assignments pta WHERE pta.partner_tag_id IN (${p.list(clause.values)})`,
        clause.exclude,
        true,
      ),
  },
  groupId: {
    level: "link",
    predicate: (clause, { p, ws }) =>
      inSubquery(
        "l.partner_id",
        `SELECT pa.id FROM partners pa WHERE pa.workspace_id = ${ws} AND pa.group_id IN (${p.list(clause.values)})`,
        clause.exclude,
        true,
      ),
  },
  customerId: {
    level: "event",
    predicate: async (clause, { db, p, workspaceId, kind }) => {
      if (kind !== "clicks") return `e.customer_id = ${p.add(clause.values[0])}`;
      // A click belongs to a customer when it led to one of the customer's leads. Their ids
      // and times come from the small conversion-clicks table; the times let zone maps skip.
      const rows = await db.all(
        `SELECT c.id, c.timestamp FROM ${CONVERSION_CLICKS} c WHERE c.workspace_id = $1
         AND c.id IN (SELECT le.click_id FROM lead_events le WHERE le.workspace_id = $1 AND le.customer_id = $2)`,
        [workspaceId, clause.values[0]],
      );
      if (rows.length === 0) return "FALSE";
      const times = rows.map((row) => date(row, "timestamp").getTime());
      return `(e.timestamp >= ${p.timestamp(new Date(Math.min(...times)))} AND e.timestamp < ${p.timestamp(new Date(Math.max(...times) + 1))}
        AND list_contains(${p.stringList(rows.map((row) => str(row, "id")))}, e.id))`;
    },
  },
  country: click("country"),
  region: click("region"),
  city: click("city"),
  continent: click("continent"),
  device: click("device"),
  browser: click("browser"),
  os: click("os"),
  trigger: click("trigger"),
  referer: click("referer"),
  refererUrl: click("referer_url"),
  url: click("url"),
  utm_source: linkColumn("utm_source", true),
  utm_medium: linkColumn("utm_medium", true),
  utm_campaign: linkColumn("utm_campaign", true),
  utm_term: linkColumn("utm_term", true),
  utm_content: linkColumn("utm_content", true),
  saleType: { level: "event", predicate: (clause, { p }) => `e.sale_type = ${p.add(clause.values[0])}` },
  query: {
    level: "event",
    predicate: (_clause, { p, metadata }) =>
      metadata.length === 0
        ? "TRUE"
        : metadata.map((m) => `json_extract_string(e.metadata, ${p.add(jsonPointer(m.key))}) = ${p.add(m.value)}`).join(" AND "),
  },
};

/** RFC 6901 pointer to a top-level key: the key stays data, whatever characters it holds. */
export function jsonPointer(key: string): string {
  return `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

export type FilterQuery = Pick<CommonQuery, "filters" | "metadata">;

/** Above this many matching links, a semi-join is cheaper than a list scanned per row. */
const MAX_LINK_LIST = 1000;

type LinkClause = [Extract<Rule, { level: "link" }>, FilterClause];

function linkPredicates(clauses: readonly LinkClause[], ctx: Ctx): string {
  return clauses.map(([rule, clause]) => rule.predicate(clause, ctx)).join(" AND ");
}

async function linkCondition(clauses: readonly LinkClause[], ctx: Ctx): Promise<string> {
  const lp = new SqlParams();
  const lctx: Ctx = { ...ctx, p: lp, ws: lp.add(ctx.workspaceId) };
  const rows = await ctx.db.all(`SELECT l.id FROM links l WHERE l.workspace_id = ${lctx.ws} AND ${linkPredicates(clauses, lctx)}`, lp.values);
  if (rows.length === 0) return "FALSE";
  if (rows.length <= MAX_LINK_LIST) return `list_contains(${ctx.p.stringList(rows.map((row) => str(row, "id")))}, e.link_id)`;
  return `e.link_id IN (SELECT l.id FROM links l WHERE l.workspace_id = ${ctx.ws} AND ${linkPredicates(clauses, ctx)})`;
}

/**
 * WHERE fragment (without the keyword) over `<EVENT_TABLE[kind]> e` for the workspace,
 * the [start, end) range and every filter of the query. Pass `p` to continue a numbering.
 */
export async function eventWhere(db: Db, query: FilterQuery, scope: EventScope, p: SqlParams = new SqlParams()): Promise<SqlFragment> {
  const ws = p.add(scope.workspaceId);
  const ctx: Ctx = { db, p, workspaceId: scope.workspaceId, ws, kind: scope.kind, metadata: query.metadata };
  const where = [`e.workspace_id = ${ws}`, `e.timestamp >= ${p.timestamp(scope.range.start)}`, `e.timestamp < ${p.timestamp(scope.range.end)}`];
  const clickPreds: string[] = [];
  const linkClauses: LinkClause[] = [];
  const clickAlias = scope.kind === "clicks" ? "e" : "c";

  for (const [param, clause] of Object.entries(query.filters) as [FilterParam, FilterClause | undefined][]) {
    if (!clause) continue;
    const rule = FILTER_SQL[param];
    switch (rule.level) {
      case "click":
        clickPreds.push(inList(`${clickAlias}.${rule.column}`, clause, p, rule.nullable));
        break;
      case "link":
        linkClauses.push([rule, clause]);
        break;
      case "event":
        where.push(await rule.predicate(clause, ctx));
        break;
    }
  }
  if (linkClauses.length > 0) where.push(await linkCondition(linkClauses, ctx));
  if (clickPreds.length > 0 && scope.kind === "clicks") where.push(...clickPreds);
  if (clickPreds.length > 0 && scope.kind !== "clicks") {
    where.push(`e.click_id IN (SELECT c.id FROM ${CONVERSION_CLICKS} c WHERE c.workspace_id = ${ws} AND ${clickPreds.join(" AND ")})`);
  }
  return { sql: where.join(" AND "), params: p.values };
}
