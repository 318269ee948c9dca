import * as z from "./zod";
import { ApiError } from "./errors";
import { isoTimestamp } from "./timestamps";
import { TAG_COLORS } from "./events";
import { GROUP_BYS, type BreakdownGroupBy as BreakdownName, type GroupBy } from "./groupBy";
import { buildCommon, commonShape, commonToParams, flattenParams, toApiError, type CommonQuery, type RawParams } from "./query";
import { EVENT_KINDS, type EventKind } from "../filters/table";

/** GET /analytics: the /events filters and date parameters, plus `groupBy` and `granularity`. */

export const ANALYTICS_EVENTS = [...EVENT_KINDS, "composite"] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
export const GRANULARITIES = ["hour", "day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface AnalyticsQuery extends CommonQuery {
  event: AnalyticsEvent;
  groupBy: GroupBy;
  granularity?: Granularity;
}

function choice<const T extends readonly string[]>(param: string, values: T) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx): T[number] => {
      if ((values as readonly string[]).includes(raw)) return raw as T[number];
      ctx.issues.push({
        code: "custom",
        message: `Invalid value for "${param}": "${raw}" is not allowed; expected one of ${values.join(", ")}.`,
        params: { status: "unprocessable_entity" },
        input: raw,
      });
      return z.NEVER;
    }),
  );
}

export const analyticsParamsSchema = z.object({
  event: z.optional(choice("event", ANALYTICS_EVENTS)),
  groupBy: z.optional(choice("groupBy", GROUP_BYS)),
  granularity: z.optional(choice("granularity", GRANULARITIES)),
  ...commonShape,
});

/** The event kinds whose metric the query reads; composite reads all and applies each filter where it can. */
function kindsChecked(event: AnalyticsEvent): readonly EventKind[] {
  return event === "composite" ? [] : [event];
}

export function parseAnalyticsQuery(params: URLSearchParams | RawParams): AnalyticsQuery {
  const raw = params instanceof URLSearchParams ? flattenParams(params) : params;
  const result = analyticsParamsSchema.safeParse(raw);
  if (!result.success) throw toApiError(result.error);
  const parsed = result.data;
  const event = parsed.event ?? "clicks";
  const groupBy = parsed.groupBy ?? "count";
  if (parsed.granularity && groupBy !== "timeseries") {
    throw new ApiError("unprocessable_entity", `Invalid value for "granularity": it applies to groupBy=timeseries only.`);
  }
  return { event, groupBy, granularity: parsed.granularity, ...buildCommon(parsed, kindsChecked(event)) };
}

export function analyticsQueryToParams(query: AnalyticsQuery): URLSearchParams {
  const out = new URLSearchParams();
  out.set("event", query.event);
  out.set("groupBy", query.groupBy);
  if (query.granularity) out.set("granularity", query.granularity);
  return commonToParams(query, out);
}

/** Which metric orders breakdown rows for each event. */
export const ORDER_METRIC: Record<AnalyticsEvent, keyof Metrics> = {
  clicks: "clicks",
  leads: "leads",
  sales: "saleAmount",
  composite: "clicks",
};

const metricsShape = {
  clicks: z.number().check(z.int(), z.nonnegative()),
  leads: z.number().check(z.int(), z.nonnegative()),
  sales: z.number().check(z.int(), z.nonnegative()),
  /** Cents (USD for mixed-currency workspaces). */
  saleAmount: z.number().check(z.int(), z.nonnegative()),
};
export const metricsSchema = z.strictObject(metricsShape);
export type Metrics = z.infer<typeof metricsSchema>;
export const METRICS = ["clicks", "leads", "sales", "saleAmount"] as const satisfies readonly (keyof Metrics)[];

const str = z.string();
const nullableStr = z.nullable(z.string());

const timeseriesRow = z.strictObject({ start: isoTimestamp, ...metricsShape });

function rows<S extends z.core.$ZodShape>(shape: S) {
  return z.array(z.strictObject({ ...shape, ...metricsShape }));
}

const breakdownSchemas = {
  continents: rows({ continent: str }),
  countries: rows({ country: str }),
  regions: rows({ country: str, region: str }),
  cities: rows({ country: str, region: str, city: str }),
  devices: rows({ device: str }),
  browsers: rows({ browser: str }),
  os: rows({ os: str }),
  triggers: rows({ trigger: str }),
  referers: rows({ referer: str }),
  referer_urls: rows({ refererUrl: str }),
  top_urls: rows({ url: str }),
  top_domains: rows({ domain: str }),
  utm_sources: rows({ utm_source: str }),
  utm_mediums: rows({ utm_medium: str }),
  utm_campaigns: rows({ utm_campaign: str }),
  utm_terms: rows({ utm_term: str }),
  utm_contents: rows({ utm_content: str }),
  top_links: rows({
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
  }),
  top_link_tags: rows({ tagId: str, tag: z.strictObject({ id: str, name: str, color: z.enum(TAG_COLORS) }) }),
  top_partners: rows({
    partnerId: str,
    partner: z.strictObject({ id: str, name: str, email: nullableStr, image: nullableStr, country: nullableStr }),
  }),
} satisfies Record<BreakdownName, z.ZodMiniType>;

/** Strict reply schema per groupBy (the embedded platform's output; tests validate with it). */
export const analyticsReplySchemas = {
  count: metricsSchema,
  timeseries: z.array(timeseriesRow),
  ...breakdownSchemas,
} satisfies Record<GroupBy, z.ZodMiniType>;

export type TimeseriesRow = z.infer<typeof timeseriesRow>;
export type BreakdownRow<K extends BreakdownName> = z.infer<(typeof breakdownSchemas)[K]>[number];
export type AnalyticsReply<G extends GroupBy> = z.infer<(typeof analyticsReplySchemas)[G]>;
