// Server components get the parsers from nuqs/server (nuqs itself is client code there); the browser
// from nuqs, whose useQueryStates it already loads, instead of a second copy (package.json "imports").
import {
  createParser,
  createSerializer,
  parseAsArrayOf,
  parseAsString,
  parseAsStringLiteral,
  type inferParserType,
} from "#nuqs-parsers";
import { GRANULARITIES, type Metric } from "../contract/analytics";
import { BREAKDOWN_GROUP_BYS, FILTER_PARAMS } from "../contract/dimensions";
import { DEPRECATED_PARAMS } from "../contract/query";
import { COMPARE_MODES, type CompareMode } from "../analytics/comparison";
import { isDetailValue } from "../events/detailRef";

/**
 * Every key of the dashboard's URL, written once: the API's own parameters (kept as the raw
 * strings the contract reads leniently, lib/filters/view.ts) and the dashboard's own, typed.
 * Hooks (./useUrlState.ts), links (`serializeUrl`) and the server's first render (./cache.ts) all
 * read this map. A new key is added here and nowhere else.
 */

const text = parseAsString;

/** The API's parameters, under the API's own names. */
export const API_KEYS = {
  event: text,
  interval: text,
  start: text,
  end: text,
  timezone: text,
  page: text,
  limit: text,
  sortOrder: text,
  ...(Object.fromEntries(FILTER_PARAMS.map((param) => [param, text])) as Record<
    (typeof FILTER_PARAMS)[number],
    typeof text
  >),
  // Read (the contract maps them) but never written: a URL carrying them is migrated on load.
  ...(Object.fromEntries(Object.keys(DEPRECATED_PARAMS).map((param) => [param, text])) as Record<
    keyof typeof DEPRECATED_PARAMS,
    typeof text
  >),
};
export type ApiKey = keyof typeof API_KEYS;

/** The metric as the URL spells it: what the button says, not the API's field name. */
const METRIC_IN_URL: Record<Metric, string> = {
  clicks: "clicks",
  leads: "leads",
  sales: "sales",
  saleAmount: "revenue",
};
export const metricParser = createParser<Metric>({
  parse: (value) => (Object.keys(METRIC_IN_URL) as Metric[]).find((metric) => METRIC_IN_URL[metric] === value) ?? null,
  serialize: (metric) => METRIC_IN_URL[metric],
});

/** A switch that is on when the URL says `=1`, off when the key is absent. */
const switchParser = createParser({ parse: (value) => (value === "1" ? true : null), serialize: () => "1" });

/** Breakdown tabs not on their card's first tab; "saleType" is the Sales card's new-vs-recurring tab. */
export const TAB_IDS = [...BREAKDOWN_GROUP_BYS, "saleType"] as const;
export type TabId = (typeof TAB_IDS)[number];

/** What the page shows below its figures: the overview (charts and breakdowns), the partners, or the customers. */
export const REPORTS = ["overview", "partners", "customers"] as const;
export type Report = (typeof REPORTS)[number];

/** A report table's order: a column id in that column's natural order (figures largest first, names A to Z), `-` before it reversed. */
const SORT_PATTERN = /^-?[A-Za-z]+$/;
export const sortParser = createParser<string>({
  parse: (value) => (SORT_PATTERN.test(value) ? value : null),
  serialize: (value) => value,
});

/** What the view is compared with; `1` (the switch of earlier versions) reads as the previous period. */
const compareParser = createParser<CompareMode>({
  parse: (value) =>
    value === "1" ? "previous" : (COMPARE_MODES as readonly string[]).includes(value) ? (value as CompareMode) : null,
  serialize: (mode) => mode,
});

const CUSTOMER_ID_PATTERN = /^[\w-]{1,100}$/;
const customerParser = createParser<string>({
  parse: (value) => (CUSTOMER_ID_PATTERN.test(value) ? value : null),
  serialize: (value) => value,
});

/** The dashboard's own keys: never sent to the API as such. Absent means "the default". */
export const DASHBOARD_KEYS = {
  metric: metricParser,
  granularity: parseAsStringLiteral(GRANULARITIES),
  /** previous | year | custom (lib/analytics/comparison.ts); a custom range's dates, read in the view's zone; `weekday` to match days of the week. */
  compare: compareParser,
  compareStart: text,
  compareEnd: text,
  compareMatch: parseAsStringLiteral(["weekday"] as const),
  /** The live view of events as they happen. */
  live: switchParser,
  report: parseAsStringLiteral(REPORTS),
  sort: sortParser,
  /** The customer whose timeline is open in the customers report. */
  customer: customerParser,
  tabs: parseAsArrayOf(parseAsStringLiteral(TAB_IDS)),
  /** The event whose detail is open (`<kind>:<id>`), and its instant, to find it off the page (lib/events/detailRef.ts). */
  detail: createParser<string>({
    parse: (value) => (isDetailValue(value) ? value : null),
    serialize: (value) => value,
  }),
  detailAt: text,
};

export const URL_KEYS = { ...API_KEYS, ...DASHBOARD_KEYS };
export type UrlState = inferParserType<typeof URL_KEYS>;

/** `?…` for a view: links to a view (saved views, share links, "open this partner") are written with it. */
export const serializeUrl = createSerializer(URL_KEYS);
