import { TAG_COLORS } from "../contract/events";
import {
  BREAKDOWNS,
  FILTERS,
  FILTER_PARAMS,
  optionsGroupBy,
  type BreakdownGroupBy,
  type EventKind,
  type FilterParam,
  type FilterSpec,
} from "../contract/dimensions";
import { isNamedParam } from "../contract/names";
import type { ReadEvent } from "../contract/readEvents";
import { continentName } from "../format/continent";
import { countryName } from "../format/country";
import { withoutProtocol } from "../format/url";

/**
 * The display side of every dimension, written once: how people name a filter and its values,
 * where its value sits in an event (cells, detail panel), and how a breakdown row reads. Keyed by
 * the contract's own types, so a dimension added to lib/contract/dimensions.ts without its entry
 * here does not compile. The API side lives in the contract, the SQL in lib/platform/query/dimensionSql.ts.
 */

/** Event kinds as the page names them. */
export const KIND_LABELS: { readonly [K in EventKind]: string } = { clicks: "Clicks", leads: "Leads", sales: "Sales" };

export type FilterGroup = "Link" | "Partner" | "Customer" | "Location" | "Technology" | "Source" | "UTM" | "Sale";

export interface FilterDisplay {
  readonly label: string;
  readonly group: FilterGroup;
  /** A value in words ("US" → "United States"); absent: the value itself. */
  readonly format?: (value: string) => string;
  /** The country whose flag goes beside a value. */
  readonly flag?: (value: string) => string | undefined;
  /** Where the value lives in an event, for "click a cell to filter". */
  readonly fromEvent?: (event: ReadEvent) => string | readonly string[] | null | undefined;
  /** The value is an id people do not read (a link's, a partner's): show the name the platform gives it. */
  readonly named?: true;
  /**
   * The values are the platform's own vocabulary (a device, a browser, a place): a typed value
   * must be one the platform lists, else it is refused as "no such value" rather than becoming a
   * filter that matches nothing. Free text (URLs, UTM values, keys) has no such list.
   */
  readonly listedOnly?: true;
}

const TRIGGER_NAMES: Record<string, string> = { link: "Link click", qr: "QR scan", pageview: "Page view" };
const SALE_TYPE_NAMES: Record<string, string> = { new: "New", recurring: "Recurring" };
const named = (names: Record<string, string>) => (value: string) => names[value] ?? value;

export const FILTER_DISPLAY: { readonly [P in FilterParam]: FilterDisplay } = {
  domain: { label: "Domain", group: "Link", fromEvent: (e) => e.link.domain },
  key: { label: "Short link key", group: "Link", fromEvent: (e) => e.link.key },
  linkId: { label: "Link", group: "Link", fromEvent: (e) => e.link.id, named: true },
  externalId: {
    label: "External ID",
    group: "Link",
    fromEvent: (e) => (e.link.externalId ? `ext_${e.link.externalId}` : null),
  },
  tenantId: { label: "Tenant", group: "Link", fromEvent: (e) => e.link.tenantId, named: true },
  tagId: { label: "Tag", group: "Link", fromEvent: (e) => e.link.tags?.map((t) => t.id) ?? null, named: true },
  folderId: { label: "Folder", group: "Link", fromEvent: (e) => e.link.folderId, named: true },
  root: {
    label: "Root domain",
    group: "Link",
    format: named({ true: "Root domains only", false: "Links only" }),
    fromEvent: (e) => String(e.link.key === "_root"),
  },
  partnerId: { label: "Partner", group: "Partner", fromEvent: (e) => e.link.partnerId, named: true },
  partnerTagId: { label: "Partner tag", group: "Partner", named: true },
  groupId: { label: "Partner group", group: "Partner", named: true },
  customerId: {
    label: "Customer",
    group: "Customer",
    fromEvent: (e) => (e.event === "click" ? null : e.customer?.id),
    named: true,
  },
  country: {
    label: "Country",
    group: "Location",
    listedOnly: true,
    format: countryName,
    flag: (value) => value,
    fromEvent: (e) => e.click.country,
  },
  region: {
    label: "Region",
    group: "Location",
    listedOnly: true,
    flag: (value) => value.slice(0, 2),
    fromEvent: (e) => e.click.region,
  },
  city: { label: "City", group: "Location", listedOnly: true, fromEvent: (e) => e.click.city },
  continent: {
    label: "Continent",
    group: "Location",
    listedOnly: true,
    format: continentName,
    fromEvent: (e) => e.click.continent,
  },
  device: { label: "Device", group: "Technology", listedOnly: true, fromEvent: (e) => e.click.device },
  browser: { label: "Browser", group: "Technology", listedOnly: true, fromEvent: (e) => e.click.browser },
  os: { label: "OS", group: "Technology", listedOnly: true, fromEvent: (e) => e.click.os },
  trigger: {
    label: "Trigger",
    group: "Technology",
    format: named(TRIGGER_NAMES),
    fromEvent: (e) => e.click.trigger ?? null,
  },
  referer: { label: "Referrer", group: "Source", fromEvent: (e) => e.click.referer },
  refererUrl: { label: "Referrer URL", group: "Source", fromEvent: (e) => e.click.refererUrl },
  url: { label: "Destination URL", group: "Source", fromEvent: (e) => e.click.url },
  utm_source: { label: "UTM source", group: "UTM", fromEvent: (e) => e.link.utm_source },
  utm_medium: { label: "UTM medium", group: "UTM", fromEvent: (e) => e.link.utm_medium },
  utm_campaign: { label: "UTM campaign", group: "UTM", fromEvent: (e) => e.link.utm_campaign },
  utm_term: { label: "UTM term", group: "UTM", fromEvent: (e) => e.link.utm_term },
  utm_content: { label: "UTM content", group: "UTM", fromEvent: (e) => e.link.utm_content },
  saleType: { label: "Sale type", group: "Sale", format: named(SALE_TYPE_NAMES) },
  query: { label: "Metadata", group: "Customer" },
};

/** A filter as the panels use it: its API side, its display side, and the grouping listing its values. */
export type Filter = FilterSpec &
  FilterDisplay & {
    readonly param: FilterParam;
    /** The analytics grouping whose rows are this filter's options, with counts. */
    readonly options?: BreakdownGroupBy;
  };

/** Every filter, in the contract's order. */
// Named filters (folders, groups, partner tags) keep their names list: it names ids no event of the view has too.
export const FILTER_LIST: readonly Filter[] = FILTER_PARAMS.map((param) => ({
  param,
  ...FILTERS[param],
  ...FILTER_DISPLAY[param],
  options: isNamedParam(param) ? undefined : optionsGroupBy(param),
}));

const BY_PARAM = new Map(FILTER_LIST.map((def) => [def.param, def]));

export function filterDef(param: FilterParam): Filter {
  const def = BY_PARAM.get(param);
  if (!def) throw new Error(`unknown filter ${param}`);
  return def;
}

export function appliesToKind(def: Filter, event: EventKind): boolean {
  return !def.events || def.events.includes(event);
}

/** A filter value as people read it: "United States", "QR scan", "Root domains only". */
export function formatFilterValue(param: FilterParam, value: string): string {
  return FILTER_DISPLAY[param].format?.(value) ?? value;
}

/** The country whose flag goes beside a value of this filter. */
export function filterValueFlag(param: FilterParam, value: string): string | undefined {
  return FILTER_DISPLAY[param].flag?.(value);
}

// ---- groupings ----

/** One row of GET /analytics?groupBy=…, read without trusting its shape. */
export type AnalyticsRow = Readonly<Record<string, unknown>>;

/** How a breakdown row reads: its label, a second line, a flag, a tag's colour. */
export interface RowDescription {
  label?: string;
  detail?: string;
  flag?: string;
  tagColor?: (typeof TAG_COLORS)[number];
}

export interface BreakdownDisplay {
  /** The tab's name. */
  readonly label: string;
  /** The row beyond its filter value; absent: the value, formatted as the filter formats it. */
  readonly describe?: (row: AnalyticsRow, value: string) => RowDescription;
}

function field(row: AnalyticsRow, ...path: string[]): string | undefined {
  let current: unknown = row;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === "string" && current.length > 0 ? current : undefined;
}

const inCountry = (row: AnalyticsRow, value: string): RowDescription => {
  const country = field(row, "country");
  return { label: value, flag: country, detail: country ? countryName(country) : undefined };
};

function linkLabel(row: AnalyticsRow): string | undefined {
  const shortLink = field(row, "shortLink");
  if (shortLink) return withoutProtocol(shortLink);
  const domain = field(row, "domain");
  const key = field(row, "key");
  return domain && key ? `${domain}/${key}` : undefined;
}

const isTagColor = (value: string | undefined): value is (typeof TAG_COLORS)[number] =>
  (TAG_COLORS as readonly (string | undefined)[]).includes(value);

export const BREAKDOWN_DISPLAY: { readonly [G in BreakdownGroupBy]: BreakdownDisplay } = {
  continents: { label: "Continents" },
  countries: { label: "Countries" },
  regions: { label: "Regions", describe: inCountry },
  cities: { label: "Cities", describe: inCountry },
  devices: { label: "Devices" },
  browsers: { label: "Browsers" },
  os: { label: "OS" },
  triggers: { label: "Triggers" },
  referers: { label: "Referrers" },
  referer_urls: { label: "Referrer URLs" },
  top_links: {
    label: "Links",
    describe: (row) => {
      const url = field(row, "url");
      return { label: linkLabel(row), detail: url ? withoutProtocol(url) : undefined };
    },
  },
  top_urls: { label: "Destination URLs" },
  top_base_urls: { label: "Base URLs" },
  top_folders: { label: "Folders", describe: (row) => ({ label: field(row, "folder", "name") }) },
  top_domains: { label: "Domains" },
  top_link_tags: {
    label: "Tags",
    describe: (row) => {
      const color = field(row, "tag", "color");
      return { label: field(row, "tag", "name"), tagColor: isTagColor(color) ? color : undefined };
    },
  },
  top_partners: {
    label: "Partners",
    describe: (row) => ({
      label: field(row, "partner", "name"),
      detail: field(row, "partner", "email"),
      flag: field(row, "partner", "country"),
    }),
  },
  top_groups: { label: "Partner groups", describe: (row) => ({ label: field(row, "group", "name") }) },
  top_partner_tags: { label: "Partner tags", describe: (row) => ({ label: field(row, "partnerTag", "name") }) },
  utm_sources: { label: "Sources" },
  utm_mediums: { label: "Mediums" },
  utm_campaigns: { label: "Campaigns" },
  utm_terms: { label: "Terms" },
  utm_contents: { label: "Contents" },
};

/** A breakdown row as people read it; the label falls back to the filter's formatting of the value. */
export function describeRow(
  groupBy: BreakdownGroupBy,
  row: AnalyticsRow,
): RowDescription & { value: string; label: string } {
  const { filter, rowKey } = BREAKDOWNS[groupBy];
  const raw = row[rowKey];
  const value = typeof raw === "string" ? raw : "";
  const described = BREAKDOWN_DISPLAY[groupBy].describe?.(row, value) ?? {};
  const label = described.label ?? (value ? formatFilterValue(filter, value) : "");
  return { ...described, flag: described.flag ?? (value ? filterValueFlag(filter, value) : undefined), value, label };
}
