import * as z from "./zod";
import { CONTINENTS, SALE_TYPES, TAG_COLORS, TRIGGERS } from "./events";
import { EVENT_KINDS, type EventKind } from "./eventKinds";
import { isoTimestamp } from "./timestamps";

/**
 * The API side of every dimension, written once: each filter of GET /events (parameter, value
 * type, multi/exclusion, the event kinds it applies to, what it needs beside itself) and each
 * breakdown grouping of GET /analytics (its `groupBy` name, the filter its rows set, the row
 * field holding that filter's value, and the row's reply shape). The platform's SQL and the
 * dashboard's display each keep one exhaustive map keyed by these types (see ../shared/DESIGN.md).
 */

export { EVENT_KINDS, type EventKind };

export type ValueSpec =
  | { kind: "text" }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "pattern"; pattern: RegExp; hint: string; normalize: "upper" | "none" }
  | { kind: "prefixed"; prefix: string }
  | { kind: "boolean" }
  | { kind: "metadata" };

export interface FilterSpec {
  /** Accepts comma-separated lists and `-` exclusion. */
  readonly multi: boolean;
  readonly value: ValueSpec;
  /** Event kinds the filter applies to; absent means all. */
  readonly events?: readonly EventKind[];
  /** Another parameter that must be present (key needs domain). */
  readonly requires?: string;
}

const text: ValueSpec = { kind: "text" };
const list = { multi: true, value: text } as const;
const upperCode = (pattern: RegExp, hint: string): ValueSpec => ({
  kind: "pattern",
  pattern,
  hint,
  normalize: "upper",
});

/** Every filter, in the canonical order of serialized queries (cache keys, upstream URLs). */
export const FILTERS = {
  domain: list,
  key: { multi: false, value: text, requires: "domain" },
  linkId: list,
  externalId: { multi: false, value: { kind: "prefixed", prefix: "ext_" } },
  tenantId: list,
  tagId: list,
  folderId: list,
  root: { multi: false, value: { kind: "boolean" } },
  partnerId: list,
  partnerTagId: list,
  groupId: list,
  customerId: { multi: false, value: text },
  country: { multi: true, value: upperCode(/^[A-Z]{2}$/, "a 2-letter ISO 3166-1 code such as US") },
  region: { multi: true, value: upperCode(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, "an ISO 3166-2 code such as US-CA") },
  city: list,
  continent: { multi: true, value: { kind: "enum", values: CONTINENTS } },
  device: list,
  browser: list,
  os: list,
  trigger: { multi: true, value: { kind: "enum", values: TRIGGERS } },
  referer: list,
  refererUrl: list,
  url: list,
  utm_source: list,
  utm_medium: list,
  utm_campaign: list,
  utm_term: list,
  utm_content: list,
  saleType: { multi: false, value: { kind: "enum", values: SALE_TYPES }, events: ["sales"] },
  query: { multi: false, value: { kind: "metadata" }, events: ["leads", "sales"] },
} as const satisfies Record<string, FilterSpec>;

export type FilterParam = keyof typeof FILTERS;

/** What each filter selects, as the API document (openapiDocument.ts) describes it; list filters take the multi syntax. */
export const FILTER_DESCRIPTIONS: { readonly [P in FilterParam]: string } = {
  domain: "The short links' domain.",
  key: "The short link's slug; needs domain.",
  linkId: "The link's id.",
  externalId: "The link's external id, prefixed with ext_.",
  tenantId: "The id of the tenant that created the link.",
  tagId: "The id of a tag of the link.",
  folderId: "The id of the link's folder.",
  root: "true: root-domain links only; false: other links only.",
  partnerId: "The id of the link's partner.",
  partnerTagId: "The id of a tag of the link's partner.",
  groupId: "The id of the link's partner's group.",
  customerId: "The customer's id: its leads and sales, and the clicks that led to them.",
  country: "The visitor's country, a 2-letter ISO 3166-1 code.",
  region: "The visitor's region, an ISO 3166-2 code.",
  city: "The visitor's city.",
  continent: "The visitor's continent: AF, AN, AS, EU, NA, OC or SA.",
  device: "The visitor's device (Desktop, Mobile, Tablet, …).",
  browser: "The visitor's browser.",
  os: "The visitor's operating system.",
  trigger: "How the click came: link, qr or pageview.",
  referer: "The referer's host name, or (direct).",
  refererUrl: "The referer's full URL, or (direct).",
  url: "The destination URL of the click.",
  utm_source: "The link's UTM source.",
  utm_medium: "The link's UTM medium.",
  utm_campaign: "The link's UTM campaign.",
  utm_term: "The link's UTM term.",
  utm_content: "The link's UTM content.",
  saleType: "new (a customer's first sale) or recurring; sales only.",
  query:
    "Custom metadata, metadata['key']:'value' (the value quoted or not); leads and sales only; at most 10,000 characters.",
};
export const FILTER_PARAMS = Object.keys(FILTERS) as readonly FilterParam[];

export function filterSpec(param: FilterParam): FilterSpec {
  return FILTERS[param];
}

export function isFilterParam(name: string): name is FilterParam {
  return Object.hasOwn(FILTERS, name);
}

export function appliesTo(param: FilterParam, event: EventKind): boolean {
  const events: readonly EventKind[] | undefined = filterSpec(param).events;
  return !events || events.includes(event);
}

// ---- groupings ----

const str = z.string();
const nullableStr = z.nullable(z.string());

export interface BreakdownSpec {
  /** The filter a row sets when clicked (its value is the row's `rowKey` field). */
  readonly filter: FilterParam;
  readonly rowKey: string;
  /** The row's own fields, beside the four metrics. */
  readonly row: z.core.$ZodShape;
}

/** Every breakdown grouping of GET /analytics, in the order the platform documents them. */
export const BREAKDOWNS = {
  continents: { filter: "continent", rowKey: "continent", row: { continent: str } },
  countries: { filter: "country", rowKey: "country", row: { country: str } },
  regions: { filter: "region", rowKey: "region", row: { country: str, region: str } },
  cities: { filter: "city", rowKey: "city", row: { country: str, region: str, city: str } },
  devices: { filter: "device", rowKey: "device", row: { device: str } },
  browsers: { filter: "browser", rowKey: "browser", row: { browser: str } },
  os: { filter: "os", rowKey: "os", row: { os: str } },
  triggers: { filter: "trigger", rowKey: "trigger", row: { trigger: str } },
  referers: { filter: "referer", rowKey: "referer", row: { referer: str } },
  referer_urls: { filter: "refererUrl", rowKey: "refererUrl", row: { refererUrl: str } },
  top_links: {
    filter: "linkId",
    rowKey: "id",
    row: {
      id: str,
      link: str,
      domain: str,
      key: str,
      shortLink: z.url(),
      url: str,
      title: nullableStr,
      comments: nullableStr,
      folderId: nullableStr,
      partnerId: nullableStr,
      createdAt: isoTimestamp,
    },
  },
  top_urls: { filter: "url", rowKey: "url", row: { url: str } },
  /**
   * The destination without its query string or fragment. Its rows set the `url` filter, which
   * matches whole URLs: a row's own events are those of top_urls rows sharing its base.
   */
  top_base_urls: { filter: "url", rowKey: "url", row: { url: str } },
  top_folders: {
    filter: "folderId",
    rowKey: "folderId",
    row: { folderId: str, folder: z.strictObject({ id: str, name: str }) },
  },
  top_domains: { filter: "domain", rowKey: "domain", row: { domain: str } },
  top_link_tags: {
    filter: "tagId",
    rowKey: "tagId",
    row: { tagId: str, tag: z.strictObject({ id: str, name: str, color: z.enum(TAG_COLORS) }) },
  },
  top_partners: {
    filter: "partnerId",
    rowKey: "partnerId",
    row: {
      partnerId: str,
      partner: z.strictObject({ id: str, name: str, email: nullableStr, image: nullableStr, country: nullableStr }),
    },
  },
  top_groups: {
    filter: "groupId",
    rowKey: "groupId",
    row: { groupId: str, group: z.strictObject({ id: str, name: str, slug: str, color: nullableStr }) },
  },
  top_partner_tags: {
    filter: "partnerTagId",
    rowKey: "partnerTagId",
    row: { partnerTagId: str, partnerTag: z.strictObject({ id: str, name: str }) },
  },
  utm_sources: { filter: "utm_source", rowKey: "utm_source", row: { utm_source: str } },
  utm_mediums: { filter: "utm_medium", rowKey: "utm_medium", row: { utm_medium: str } },
  utm_campaigns: { filter: "utm_campaign", rowKey: "utm_campaign", row: { utm_campaign: str } },
  utm_terms: { filter: "utm_term", rowKey: "utm_term", row: { utm_term: str } },
  utm_contents: { filter: "utm_content", rowKey: "utm_content", row: { utm_content: str } },
} as const satisfies Record<string, BreakdownSpec>;

export type BreakdownGroupBy = keyof typeof BREAKDOWNS;
export const BREAKDOWN_GROUP_BYS = Object.keys(BREAKDOWNS) as readonly BreakdownGroupBy[];
export const GROUP_BYS = ["count", "timeseries", ...BREAKDOWN_GROUP_BYS] as const;
export type GroupBy = "count" | "timeseries" | BreakdownGroupBy;

/** Older names the hosted platform still accepts for a grouping, and the grouping each means. */
export const GROUP_BY_ALIASES = { trigger: "triggers" } as const satisfies Record<string, GroupBy>;

export function isBreakdown(groupBy: string): groupBy is BreakdownGroupBy {
  return Object.hasOwn(BREAKDOWNS, groupBy);
}

export function breakdownSpec(groupBy: BreakdownGroupBy): BreakdownSpec {
  return BREAKDOWNS[groupBy];
}

/** The grouping whose rows are a filter's values (with counts), if it has one. */
export function optionsGroupBy(param: FilterParam): BreakdownGroupBy | undefined {
  return BREAKDOWN_GROUP_BYS.find((groupBy) => BREAKDOWNS[groupBy].filter === param);
}
