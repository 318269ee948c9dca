import type { BreakdownRow, Metrics } from "../../contract/analytics";
import type { MetadataClause } from "../../contract/metadataQuery";
import type { FilterClause } from "../../contract/query";
import type { BreakdownGroupBy, EventKind, FilterParam } from "../../contract/dimensions";
import { toIso } from "../../contract/timestamps";
import { CONVERSION_CLICKS } from "./conversionClicks";
import type { Db, Row } from "./db";
import type { ClickDimension } from "./eventTables";
import { clickKey, LINK_KEY, type FactKey } from "./factKeys";
import { slugOf } from "./groupsList";
import { readTag, shortLinkOf } from "./records";
import { date, nstr, str } from "./rows";
import type { SqlParams } from "./sqlParams";

/**
 * The SQL of every dimension: what each filter of GET /events and /analytics adds to the WHERE
 * (FILTER_SQL), and how each breakdown of /analytics groups (BREAKDOWN_SQL). Both are keyed by
 * the contract's types, so a dimension added there does not compile until it has its SQL here.
 * The engine that assembles them is eventWhere.ts (filters) and analyticsBreakdown.ts (groupings);
 * `npm run sql -- --data <file> "/analytics?groupBy=countries&country=US"` prints a request's SQL,
 * and __snapshots__/sql/ holds it for every groupBy and kind of filter.
 *
 * Every value is a named parameter named after its filter (`$country`), and a list is one
 * parameter (`list_contains($country, e.country)`), so a statement's text depends on which
 * filters a request uses, not on how many values they hold.
 */

// ---- filters ----

/** What a filter's predicate may use. `ws` is the workspace id's parameter. */
export interface FilterCtx {
  db: Db;
  p: SqlParams;
  workspaceId: string;
  ws: string;
  kind: EventKind;
  metadata: readonly MetadataClause[];
  /** The filter's own parameter, which names its value. */
  param: FilterParam;
}

export type FilterRule =
  /** A column of the click, which leads and sales carry too: `e.<column>` for every kind. */
  | { level: "click"; column: ClickDimension; nullable: boolean }
  /** A predicate on the link `l`; the engine resolves it to the workspace's matching link ids. */
  | { level: "link"; predicate: (clause: FilterClause, ctx: FilterCtx) => string }
  /** A predicate on the event `e`. */
  | { level: "event"; predicate: (clause: FilterClause, ctx: FilterCtx) => string | Promise<string> };

/**
 * `column` is one of the values of list parameter `$name`; for an exclusion it is none of them,
 * and a nullable column's NULL is kept (as NOT IN would not).
 */
export function inList(column: string, clause: FilterClause, p: SqlParams, name: string, nullable: boolean): string {
  const contains = `list_contains(${p.list(name, clause.values)}, ${column})`;
  if (!clause.exclude) return contains;
  return nullable ? `(${column} IS NULL OR NOT ${contains})` : `NOT ${contains}`;
}

/** `subject IN (subquery)`, negated for exclusions; a NULL subject is kept when excluding. */
function inSubquery(subject: string, subquery: string, exclude: boolean, nullable: boolean): string {
  if (!exclude) return `${subject} IN (${subquery})`;
  return nullable ? `(${subject} IS NULL OR ${subject} NOT IN (${subquery}))` : `${subject} NOT IN (${subquery})`;
}

const click = (column: ClickDimension, nullable = false): FilterRule => ({ level: "click", column, nullable });
const linkColumn = (column: string, nullable: boolean): FilterRule => ({
  level: "link",
  predicate: (clause, { p, param }) => inList(`l.${column}`, clause, p, param, nullable),
});

const EXTERNAL_ID_PREFIX = "ext_";

/** RFC 6901 pointer to a top-level key: the key stays data, whatever characters it holds. */
export function jsonPointer(key: string): string {
  return `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/**
 * The clicks of a customer: those that led to one of the customer's leads. Their ids and times
 * come from the small conversion-clicks table; the times let zone maps skip the rest.
 */
async function customerClicks(clause: FilterClause, { db, p, workspaceId, param }: FilterCtx): Promise<string> {
  const rows = await db.all(
    `SELECT c.id, c.timestamp FROM ${CONVERSION_CLICKS} c
WHERE c.workspace_id = $ws
  AND c.id IN (SELECT le.click_id FROM lead_events le WHERE le.workspace_id = $ws AND le.customer_id = $${param})`,
    { ws: workspaceId, [param]: clause.values[0] },
  );
  if (rows.length === 0) return "FALSE";
  const times = rows.map((row) => date(row, "timestamp").getTime());
  const ids = rows.map((row) => str(row, "id")).sort();
  return `(e.timestamp >= ${p.timestamp("customer_clicks_from", new Date(Math.min(...times)))}
    AND e.timestamp < ${p.timestamp("customer_clicks_to", new Date(Math.max(...times) + 1))}
    AND list_contains(${p.list("customer_click_ids", ids)}, e.id))`;
}

/** Every filter parameter, mapped to its predicate; the Record keeps it exhaustive. */
export const FILTER_SQL: Record<FilterParam, FilterRule> = {
  domain: linkColumn("domain", false),
  key: { level: "link", predicate: (clause, { p, param }) => `l.key = ${p.add(param, clause.values[0])}` },
  linkId: linkColumn("id", false),
  externalId: {
    level: "link",
    predicate: (clause, { p, param }) =>
      `l.external_id = ${p.add(param, clause.values[0].slice(EXTERNAL_ID_PREFIX.length))}`,
  },
  tenantId: linkColumn("tenant_id", true),
  tagId: {
    level: "link",
    predicate: (clause, { p, param }) =>
      inSubquery(
        "l.id",
        `SELECT lt.link_id FROM link_tags lt WHERE list_contains(${p.list(param, clause.values)}, lt.tag_id)`,
        clause.exclude,
        false,
      ),
  },
  folderId: linkColumn("folder_id", true),
  root: {
    level: "link",
    predicate: (clause) => (clause.values[0] === "true" ? `l.key = '_root'` : `l.key <> '_root'`),
  },
  partnerId: linkColumn("partner_id", true),
  partnerTagId: {
    level: "link",
    predicate: (clause, { p, param }) =>
      inSubquery(
        "l.partner_id",
        `SELECT pta.partner_id FROM partner_tag_assignments pta WHERE list_contains(${p.list(param, clause.values)}, pta.partner_tag_id)`,
        clause.exclude,
        true,
      ),
  },
  groupId: {
    level: "link",
    predicate: (clause, { p, ws, param }) =>
      inSubquery(
        "l.partner_id",
        `SELECT pa.id FROM partners pa WHERE pa.workspace_id = ${ws} AND list_contains(${p.list(param, clause.values)}, pa.group_id)`,
        clause.exclude,
        true,
      ),
  },
  customerId: {
    level: "event",
    predicate: (clause, ctx) =>
      ctx.kind === "clicks" ? customerClicks(clause, ctx) : `e.customer_id = ${ctx.p.add(ctx.param, clause.values[0])}`,
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
  saleType: { level: "event", predicate: (clause, { p, param }) => `e.sale_type = ${p.add(param, clause.values[0])}` },
  query: {
    level: "event",
    predicate: (_clause, { p, metadata }) =>
      metadata.length === 0
        ? "TRUE"
        : metadata
            .map(
              (m, i) =>
                `json_extract_string(e.metadata, ${p.add(`query_key_${i + 1}`, jsonPointer(m.key))}) = ${p.add(`query_value_${i + 1}`, m.value)}`,
            )
            .join("\n  AND "),
  },
};

// ---- groupings ----

/** A breakdown row without its metrics: the dimension's natural key. */
export type BreakdownKey<K extends BreakdownGroupBy> = Omit<BreakdownRow<K>, keyof Metrics>;

/**
 * How a breakdown groups: facts counted by `key` (click columns, or link id), then read
 * through `joins` (if any) over facts `f`, grouped on `select` (SQL expression, alias), tie-broken by
 * `order` after the metric. `ws` is the workspace id's parameter.
 */
export interface BreakdownSql<R> {
  key: FactKey;
  joins?: (ws: string) => string;
  select: readonly (readonly [expr: string, alias: string])[];
  where?: string;
  order: readonly string[];
  read(row: Row): R;
}

/** `filterBy`: click columns kept beside the key in rollups of their own (factKeys.ts), for the filters the dashboard sets most with it. */
function clickDimension<R>(
  columns: readonly ClickDimension[],
  read: (row: Row) => R,
  filterBy: readonly ClickDimension[] = [],
  options: { weekCube?: boolean } = {},
): BreakdownSql<R> {
  return {
    key: clickKey(columns, filterBy, options),
    select: columns.map((c) => [`f.${c}`, c] as const),
    order: columns,
    read,
  };
}

/** Keys of many values kept per week beside the cube's columns (factKeys.ts), for several filters over long ranges. */
const WEEK_CUBE = { weekCube: true };

const LINK_JOIN = (ws: string) => `JOIN links l ON l.id = f.link_id AND l.workspace_id = ${ws}`;
const PARTNER_JOIN = (ws: string) =>
  `${LINK_JOIN(ws)} JOIN partners pa ON pa.id = l.partner_id AND pa.workspace_id = ${ws}`;
/** A click's destination without its query string or fragment. */
const BASE_URL_SQL = `regexp_replace(f.url, '[?#].*$', '')`;

function linkDimension<R>(
  select: BreakdownSql<R>["select"],
  read: (row: Row) => R,
  extra: Partial<BreakdownSql<R>> = {},
): BreakdownSql<R> {
  return { key: LINK_KEY, joins: LINK_JOIN, select, order: select.map(([, alias]) => alias), read, ...extra };
}

/** Links without a value are left out of a UTM breakdown. */
function utmDimension<R>(column: string, read: (row: Row) => R): BreakdownSql<R> {
  return linkDimension([[`l.${column}`, column]], read, { where: `l.${column} IS NOT NULL AND l.${column} <> ''` });
}

export const BREAKDOWN_SQL: { [K in BreakdownGroupBy]: BreakdownSql<BreakdownKey<K>> } = {
  continents: clickDimension(["continent"], (r) => ({ continent: str(r, "continent") })),
  countries: clickDimension(["country"], (r) => ({ country: str(r, "country") }), ["device"]),
  regions: clickDimension(
    ["country", "region"],
    (r) => ({ country: str(r, "country"), region: str(r, "region") }),
    [],
    WEEK_CUBE,
  ),
  cities: clickDimension(
    ["country", "region", "city"],
    (r) => ({ country: str(r, "country"), region: str(r, "region"), city: str(r, "city") }),
    [],
    WEEK_CUBE,
  ),
  devices: clickDimension(["device"], (r) => ({ device: str(r, "device") })),
  browsers: clickDimension(["browser"], (r) => ({ browser: str(r, "browser") })),
  os: clickDimension(["os"], (r) => ({ os: str(r, "os") })),
  triggers: clickDimension(["trigger"], (r) => ({ trigger: str(r, "trigger") })),
  referers: clickDimension(["referer"], (r) => ({ referer: str(r, "referer") }), [], WEEK_CUBE),
  referer_urls: clickDimension(["referer_url"], (r) => ({ refererUrl: str(r, "referer_url") }), [], WEEK_CUBE),
  // The click's destination, as the `url` filter reads it: a row filters to exactly its events.
  top_urls: clickDimension(["url"], (r) => ({ url: str(r, "url") }), [], WEEK_CUBE),
  top_base_urls: {
    key: clickKey(["url"], [], WEEK_CUBE),
    select: [[BASE_URL_SQL, "base_url"]],
    order: ["base_url"],
    read: (r) => ({ url: str(r, "base_url") }),
  },
  top_domains: linkDimension([["l.domain", "domain"]], (r) => ({ domain: str(r, "domain") })),
  top_folders: {
    key: LINK_KEY,
    joins: (ws) => `${LINK_JOIN(ws)} JOIN folders fo ON fo.id = l.folder_id AND fo.workspace_id = ${ws}`,
    select: [
      ["fo.id", "id"],
      ["fo.name", "name"],
    ],
    order: ["id"],
    read: (r) => {
      const id = str(r, "id");
      return { folderId: id, folder: { id, name: str(r, "name") } };
    },
  },
  top_links: linkDimension(
    [
      ["l.id", "id"],
      ["l.domain", "domain"],
      ["l.key", "link_key"],
      ["l.url", "url"],
      ["l.title", "title"],
      ["l.comments", "comments"],
      ["l.folder_id", "folder_id"],
      ["l.partner_id", "partner_id"],
      ["l.created_at", "created_at"],
    ],
    (r) => {
      const id = str(r, "id");
      const domain = str(r, "domain");
      const key = str(r, "link_key");
      return {
        id,
        link: id,
        domain,
        key,
        shortLink: shortLinkOf(domain, key),
        url: str(r, "url"),
        title: nstr(r, "title"),
        comments: nstr(r, "comments"),
        folderId: nstr(r, "folder_id"),
        partnerId: nstr(r, "partner_id"),
        createdAt: toIso(date(r, "created_at")),
      };
    },
    { order: ["id"] },
  ),
  top_link_tags: {
    key: LINK_KEY,
    joins: (ws) =>
      `JOIN link_tags lt ON lt.link_id = f.link_id JOIN tags t ON t.id = lt.tag_id AND t.workspace_id = ${ws}`,
    select: [
      ["t.id", "id"],
      ["t.name", "name"],
      ["t.color", "color"],
    ],
    order: ["id"],
    read: (r) => {
      const tag = readTag(r);
      return { tagId: tag.id, tag };
    },
  },
  top_partners: {
    key: LINK_KEY,
    joins: PARTNER_JOIN,
    select: [
      ["pa.id", "id"],
      ["pa.name", "name"],
      ["pa.email", "email"],
      ["pa.image", "image"],
      ["pa.country", "country"],
    ],
    order: ["id"],
    read: (r) => {
      const id = str(r, "id");
      return {
        partnerId: id,
        partner: {
          id,
          name: str(r, "name"),
          email: nstr(r, "email"),
          image: nstr(r, "image"),
          country: nstr(r, "country"),
        },
      };
    },
  },
  top_groups: {
    key: LINK_KEY,
    joins: (ws) => `${PARTNER_JOIN(ws)} JOIN partner_groups g ON g.id = pa.group_id AND g.workspace_id = ${ws}`,
    select: [
      ["g.id", "id"],
      ["g.name", "name"],
    ],
    order: ["id"],
    read: (r) => {
      const id = str(r, "id");
      const name = str(r, "name");
      return { groupId: id, group: { id, name, slug: slugOf(name), color: null } };
    },
  },
  // A partner with several tags counts under each, as a link under each of its tags.
  top_partner_tags: {
    key: LINK_KEY,
    joins: (ws) =>
      `${PARTNER_JOIN(ws)} JOIN partner_tag_assignments pta ON pta.partner_id = pa.id JOIN partner_tags pt ON pt.id = pta.partner_tag_id AND pt.workspace_id = ${ws}`,
    select: [
      ["pt.id", "id"],
      ["pt.name", "name"],
    ],
    order: ["id"],
    read: (r) => {
      const id = str(r, "id");
      return { partnerTagId: id, partnerTag: { id, name: str(r, "name") } };
    },
  },
  utm_sources: utmDimension("utm_source", (r) => ({ utm_source: str(r, "utm_source") })),
  utm_mediums: utmDimension("utm_medium", (r) => ({ utm_medium: str(r, "utm_medium") })),
  utm_campaigns: utmDimension("utm_campaign", (r) => ({ utm_campaign: str(r, "utm_campaign") })),
  utm_terms: utmDimension("utm_term", (r) => ({ utm_term: str(r, "utm_term") })),
  utm_contents: utmDimension("utm_content", (r) => ({ utm_content: str(r, "utm_content") })),
};
