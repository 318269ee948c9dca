import type { BreakdownGroupBy } from "../../contract/dimensions";
import type { ClickDimension } from "../query/eventTables";
import type { ChFactKey, ChKey } from "./facts";
import { isRollupColumn, type RollupKey } from "./rollups";

/**
 * Where each breakdown of /analytics is computed on the ClickHouse event store, beside
 * query/dimensionSql.ts BREAKDOWN_SQL (DuckDB's): keyed by the contract's BreakdownGroupBy, so a
 * new breakdown does not compile until it says. A breakdown of the click's own columns is one
 * statement on ClickHouse (count, order, limit), its rows named as DuckDB's so BREAKDOWN_SQL's
 * `read` reads them; a breakdown of what a link is (its domain, tags, partner, UTM values…) is
 * counted per link on ClickHouse, then joined to the links where they live (DuckDB, small).
 */
export type ChBreakdown = { on: "clickhouse"; key: ChKey } | { on: "links"; key: ChFactKey };

/** A key of columns a rollup may keep (rollups.ts) reads them from it under the same names. */
function fromRollup(names: readonly string[]): RollupKey | undefined {
  const kept = names.filter(isRollupColumn);
  if (kept.length < names.length) return undefined;
  return { columns: kept, exprs: () => kept.map((name) => `e.${name}`) };
}

const columns = (...names: ClickDimension[]): ChBreakdown => ({
  on: "clickhouse",
  key: { names, exprs: names.map((name) => `e.${name}`), rollup: fromRollup(names) },
});
const LINKS: ChBreakdown = {
  on: "links",
  key: { names: ["link_id"], exprs: ["e.link_id"], types: ["VARCHAR"], rollup: fromRollup(["link_id"]) },
};

export const CLICKHOUSE_BREAKDOWN: Record<BreakdownGroupBy, ChBreakdown> = {
  continents: columns("continent"),
  countries: columns("country"),
  regions: columns("country", "region"),
  cities: columns("country", "region", "city"),
  devices: columns("device"),
  browsers: columns("browser"),
  os: columns("os"),
  triggers: columns("trigger"),
  referers: columns("referer"),
  referer_urls: columns("referer_url"),
  top_urls: columns("url"),
  // DuckDB's regexp_replace(url, '[?#].*$', ''): the first match replaced, as here.
  top_base_urls: { on: "clickhouse", key: { names: ["base_url"], exprs: ["replaceRegexpOne(e.url, '[?#].*$', '')"] } },
  top_domains: LINKS,
  top_folders: LINKS,
  top_links: LINKS,
  top_link_tags: LINKS,
  top_partners: LINKS,
  top_groups: LINKS,
  top_partner_tags: LINKS,
  utm_sources: LINKS,
  utm_mediums: LINKS,
  utm_campaigns: LINKS,
  utm_terms: LINKS,
  utm_contents: LINKS,
};
