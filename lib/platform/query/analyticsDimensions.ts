import type { BreakdownRow, Metrics } from "../../contract/analytics";
import type { BreakdownGroupBy } from "../../contract/groupBy";
import { toIso } from "../../contract/timestamps";
import { clickKey, LINK_KEY, type FactKey } from "./analyticsFacts";
import type { Row } from "./db";
import { readTag, shortLinkOf } from "./records";
import { date, nstr, str } from "./rows";

/** A breakdown row without its metrics: the dimension's natural key. */
export type BreakdownKey<K extends BreakdownGroupBy> = Omit<BreakdownRow<K>, keyof Metrics>;

/**
 * How a breakdown groups: facts counted by `key` (click columns, or link id), then read
 * through `joins` (if any) over facts `f`, grouped on `select` (SQL expression, alias), tie-broken by
 * `order` after the metric. `ws` is the workspace id's placeholder.
 */
export interface Dimension<R> {
  key: FactKey;
  joins?: (ws: string) => string;
  select: readonly (readonly [expr: string, alias: string])[];
  where?: string;
  order: readonly string[];
  read(row: Row): R;
}

function clickDimension<R>(columns: readonly string[], read: (row: Row) => R): Dimension<R> {
  return { key: clickKey(columns), select: columns.map((c) => [`f.${c}`, c] as const), order: columns, read };
}

const LINK_JOIN = (ws: string) => `JOIN links l ON l.id = f.link_id AND l.workspace_id = ${ws}`;

function linkDimension<R>(select: Dimension<R>["select"], read: (row: Row) => R, extra: Partial<Dimension<R>> = {}): Dimension<R> {
  return { key: LINK_KEY, joins: LINK_JOIN, select, order: select.map(([, alias]) => alias), read, ...extra };
}

/** Links without a value are left out of a UTM breakdown. */
function utmDimension<R>(column: string, read: (row: Row) => R): Dimension<R> {
  return linkDimension([[`l.${column}`, column]], read, { where: `l.${column} IS NOT NULL AND l.${column} <> ''` });
}

export const DIMENSIONS: { [K in BreakdownGroupBy]: Dimension<BreakdownKey<K>> } = {
  continents: clickDimension(["continent"], (r) => ({ continent: str(r, "continent") })),
  countries: clickDimension(["country"], (r) => ({ country: str(r, "country") })),
  regions: clickDimension(["country", "region"], (r) => ({ country: str(r, "country"), region: str(r, "region") })),
  cities: clickDimension(["country", "region", "city"], (r) => ({ country: str(r, "country"), region: str(r, "region"), city: str(r, "city") })),
  devices: clickDimension(["device"], (r) => ({ device: str(r, "device") })),
  browsers: clickDimension(["browser"], (r) => ({ browser: str(r, "browser") })),
  os: clickDimension(["os"], (r) => ({ os: str(r, "os") })),
  triggers: clickDimension(["trigger"], (r) => ({ trigger: str(r, "trigger") })),
  referers: clickDimension(["referer"], (r) => ({ referer: str(r, "referer") })),
  referer_urls: clickDimension(["referer_url"], (r) => ({ refererUrl: str(r, "referer_url") })),
  // The click's destination, as the `url` filter reads it: a row filters to exactly its events.
  top_urls: clickDimension(["url"], (r) => ({ url: str(r, "url") })),
  top_domains: linkDimension([["l.domain", "domain"]], (r) => ({ domain: str(r, "domain") })),
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
    joins: (ws) => `JOIN link_tags lt ON lt.link_id = f.link_id JOIN tags t ON t.id = lt.tag_id AND t.workspace_id = ${ws}`,
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
    joins: (ws) => `${LINK_JOIN(ws)} JOIN partners pa ON pa.id = l.partner_id AND pa.workspace_id = ${ws}`,
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
      return { partnerId: id, partner: { id, name: str(r, "name"), email: nstr(r, "email"), image: nstr(r, "image"), country: nstr(r, "country") } };
    },
  },
  utm_sources: utmDimension("utm_source", (r) => ({ utm_source: str(r, "utm_source") })),
  utm_mediums: utmDimension("utm_medium", (r) => ({ utm_medium: str(r, "utm_medium") })),
  utm_campaigns: utmDimension("utm_campaign", (r) => ({ utm_campaign: str(r, "utm_campaign") })),
  utm_terms: utmDimension("utm_term", (r) => ({ utm_term: str(r, "utm_term") })),
  utm_contents: utmDimension("utm_content", (r) => ({ utm_content: str(r, "utm_content") })),
};
