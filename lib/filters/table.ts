import { CONTINENTS, SALE_TYPES, TRIGGERS } from "../contract/events";
import type { BreakdownGroupBy } from "../contract/groupBy";
import type { ReadEvent } from "../contract/readEvents";

/**
 * Every filter of GET /events, described once. The contract's query parsing,
 * the URL state, the filter panel and the upstream request all derive from this table;
 * the platform's SQL keeps an exhaustive map keyed by `param`.
 */

export const EVENT_KINDS = ["clicks", "leads", "sales"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export type ValueSpec =
  | { kind: "text" }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "pattern"; pattern: RegExp; hint: string; normalize: "upper" | "none" }
  | { kind: "prefixed"; prefix: string }
  | { kind: "boolean" }
  | { kind: "metadata" };

export type FilterGroup = "Link" | "Partner" | "Customer" | "Location" | "Technology" | "Source" | "UTM" | "Sale";

export interface FilterDef {
  readonly param: string;
  readonly label: string;
  readonly group: FilterGroup;
  /** Accepts comma-separated lists and `-` exclusion. */
  readonly multi: boolean;
  readonly value: ValueSpec;
  /** Event kinds the filter applies to; absent means all. */
  readonly events?: readonly EventKind[];
  /** Another parameter that must be present (key needs domain). */
  readonly requires?: string;
  /** The analytics grouping whose rows are this filter's options, with counts. */
  readonly options?: BreakdownGroupBy;
  /** Where the value lives in an event, for "click a cell to filter". */
  readonly fromEvent?: (event: ReadEvent) => string | readonly string[] | null | undefined;
}

const text: ValueSpec = { kind: "text" };
const upperCode = (pattern: RegExp, hint: string): ValueSpec => ({ kind: "pattern", pattern, hint, normalize: "upper" });

export const FILTERS = [
  { param: "domain", label: "Domain", group: "Link", multi: true, value: text, options: "top_domains", fromEvent: (e) => e.link.domain },
  { param: "key", label: "Short link key", group: "Link", multi: false, value: text, requires: "domain", fromEvent: (e) => e.link.key },
  { param: "linkId", label: "Link", group: "Link", multi: true, value: text, options: "top_links", fromEvent: (e) => e.link.id },
  {
    param: "externalId",
    label: "External ID",
    group: "Link",
    multi: false,
    value: { kind: "prefixed", prefix: "ext_" },
    fromEvent: (e) => (e.link.externalId ? `ext_${e.link.externalId}` : null),
  },
  { param: "tenantId", label: "Tenant", group: "Link", multi: true, value: text, fromEvent: (e) => e.link.tenantId },
  { param: "tagId", label: "Tag", group: "Link", multi: true, value: text, options: "top_link_tags", fromEvent: (e) => e.link.tags?.map((t) => t.id) ?? null },
  { param: "folderId", label: "Folder", group: "Link", multi: true, value: text, fromEvent: (e) => e.link.folderId },
  { param: "root", label: "Root domain", group: "Link", multi: false, value: { kind: "boolean" }, fromEvent: (e) => String(e.link.key === "_root") },
  { param: "partnerId", label: "Partner", group: "Partner", multi: true, value: text, options: "top_partners", fromEvent: (e) => e.link.partnerId },
  { param: "partnerTagId", label: "Partner tag", group: "Partner", multi: true, value: text },
  { param: "groupId", label: "Partner group", group: "Partner", multi: true, value: text },
  { param: "customerId", label: "Customer", group: "Customer", multi: false, value: text, fromEvent: (e) => (e.event === "click" ? null : e.customer?.id) },
  { param: "country", label: "Country", group: "Location", multi: true, value: upperCode(/^[A-Z]{2}$/, "a 2-letter ISO 3166-1 code such as US"), options: "countries", fromEvent: (e) => e.click.country },
  { param: "region", label: "Region", group: "Location", multi: true, value: upperCode(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, "an ISO 3166-2 code such as US-CA"), options: "regions", fromEvent: (e) => e.click.region },
  { param: "city", label: "City", group: "Location", multi: true, value: text, options: "cities", fromEvent: (e) => e.click.city },
  { param: "continent", label: "Continent", group: "Location", multi: true, value: { kind: "enum", values: CONTINENTS }, options: "continents", fromEvent: (e) => e.click.continent },
  { param: "device", label: "Device", group: "Technology", multi: true, value: text, options: "devices", fromEvent: (e) => e.click.device },
  { param: "browser", label: "Browser", group: "Technology", multi: true, value: text, options: "browsers", fromEvent: (e) => e.click.browser },
  { param: "os", label: "OS", group: "Technology", multi: true, value: text, options: "os", fromEvent: (e) => e.click.os },
  { param: "trigger", label: "Trigger", group: "Technology", multi: true, value: { kind: "enum", values: TRIGGERS }, options: "triggers", fromEvent: (e) => e.click.trigger ?? null },
  { param: "referer", label: "Referrer", group: "Source", multi: true, value: text, options: "referers", fromEvent: (e) => e.click.referer },
  { param: "refererUrl", label: "Referrer URL", group: "Source", multi: true, value: text, options: "referer_urls", fromEvent: (e) => e.click.refererUrl },
  { param: "url", label: "Destination URL", group: "Source", multi: true, value: text, options: "top_urls", fromEvent: (e) => e.click.url },
  { param: "utm_source", label: "UTM source", group: "UTM", multi: true, value: text, options: "utm_sources", fromEvent: (e) => e.link.utm_source },
  { param: "utm_medium", label: "UTM medium", group: "UTM", multi: true, value: text, options: "utm_mediums", fromEvent: (e) => e.link.utm_medium },
  { param: "utm_campaign", label: "UTM campaign", group: "UTM", multi: true, value: text, options: "utm_campaigns", fromEvent: (e) => e.link.utm_campaign },
  { param: "utm_term", label: "UTM term", group: "UTM", multi: true, value: text, options: "utm_terms", fromEvent: (e) => e.link.utm_term },
  { param: "utm_content", label: "UTM content", group: "UTM", multi: true, value: text, options: "utm_contents", fromEvent: (e) => e.link.utm_content },
  { param: "saleType", label: "Sale type", group: "Sale", multi: false, value: { kind: "enum", values: SALE_TYPES }, events: ["sales"] },
  { param: "query", label: "Metadata", group: "Customer", multi: false, value: { kind: "metadata" }, events: ["leads", "sales"] },
] as const satisfies readonly FilterDef[];

export type FilterParam = (typeof FILTERS)[number]["param"];
export type Filter = FilterDef & { readonly param: FilterParam };
/** The table widened to `Filter`, for code that iterates it. */
export const FILTER_LIST: readonly Filter[] = FILTERS;
export const FILTER_PARAMS: readonly FilterParam[] = FILTER_LIST.map((f) => f.param);

export function filterDef(param: FilterParam): Filter {
  const def = FILTER_LIST.find((f) => f.param === param);
  if (!def) throw new Error(`unknown filter ${param}`);
  return def;
}

export function appliesTo(def: FilterDef, event: EventKind): boolean {
  return !def.events || def.events.includes(event);
}
