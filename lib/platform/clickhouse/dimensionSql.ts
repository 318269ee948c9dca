import type { FilterClause } from "../../contract/query";
import type { EventKind, FilterParam } from "../../contract/dimensions";
import type { MetadataClause } from "../../contract/metadataQuery";
import type { ClickDimension } from "../query/eventTables";
import type { ChParams } from "./chParams";

/**
 * The SQL of every filter on the ClickHouse event store, beside query/dimensionSql.ts (DuckDB's):
 * keyed by the contract's FilterParam, so a new dimension does not compile until it has its SQL
 * in both. Links live with the other small tables in the platform's DuckDB file (docs/clickhouse.md):
 * a link filter is DuckDB's predicate, resolved there to the workspace's matching link ids, which
 * the events' `link_id` is tested against (eventWhere.ts). Values are `{name:Type}` parameters
 * named after their filter; a list is one Array(String) parameter.
 */

export interface ChFilterCtx {
  p: ChParams;
  /** The workspace id's parameter. */
  ws: string;
  kind: EventKind;
  metadata: readonly MetadataClause[];
  param: FilterParam;
}

export type ChFilterRule =
  /** A column of the click, which leads and sales carry too. */
  | { level: "click"; column: ClickDimension }
  /** Resolved to link ids where the links are (query/dimensionSql.ts FILTER_SQL). */
  | { level: "link" }
  /** A predicate on the event `e`. */
  | { level: "event"; predicate: (clause: FilterClause, ctx: ChFilterCtx) => string };

/** `column` is one of the list parameter's values (none of them, excluding); ClickHouse columns here are never NULL. */
export function chInList(column: string, clause: FilterClause, p: ChParams, name: string): string {
  const contains = `has(${p.list(name, clause.values)}, ${column})`;
  return clause.exclude ? `NOT ${contains}` : contains;
}

/** A top-level metadata value as text, as DuckDB's json_extract_string gives it: a string unquoted, anything else as written. */
function metadataValue(key: string): string {
  const json = "ifNull(e.metadata, '')";
  return `if(JSONType(${json}, ${key}) = 'String', JSONExtractString(${json}, ${key}), JSONExtractRaw(${json}, ${key}))`;
}

const click = (column: ClickDimension): ChFilterRule => ({ level: "click", column });
const LINK: ChFilterRule = { level: "link" };

export const CLICKHOUSE_FILTER_SQL: Record<FilterParam, ChFilterRule> = {
  domain: LINK,
  key: LINK,
  linkId: LINK,
  externalId: LINK,
  tenantId: LINK,
  tagId: LINK,
  folderId: LINK,
  root: LINK,
  partnerId: LINK,
  partnerTagId: LINK,
  groupId: LINK,
  customerId: {
    level: "event",
    predicate: (clause, { p, ws, kind, param }) =>
      kind === "clicks"
        ? `e.id IN (SELECT le.click_id FROM lead_events le WHERE le.workspace_id = ${ws} AND le.customer_id = ${p.add(param, clause.values[0])})`
        : `e.customer_id = ${p.add(param, clause.values[0])}`,
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
  utm_source: LINK,
  utm_medium: LINK,
  utm_campaign: LINK,
  utm_term: LINK,
  utm_content: LINK,
  saleType: { level: "event", predicate: (clause, { p, param }) => `e.sale_type = ${p.add(param, clause.values[0])}` },
  query: {
    level: "event",
    predicate: (_clause, { p, metadata }) =>
      metadata.length === 0
        ? "true"
        : metadata
            .map(
              (m, i) =>
                `${metadataValue(p.add(`query_key_${i + 1}`, m.key))} = ${p.add(`query_value_${i + 1}`, m.value)}`,
            )
            .join("\n  AND "),
  },
};
