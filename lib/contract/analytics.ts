import * as z from "./zod";
import { isoTimestamp } from "./timestamps";
import {
  BREAKDOWNS,
  BREAKDOWN_GROUP_BYS,
  EVENT_KINDS,
  GROUP_BYS,
  GROUP_BY_ALIASES,
  type BreakdownGroupBy,
  type EventKind,
  type GroupBy,
} from "./dimensions";
import { commonShape, commonToParams, readCommon, type CommonQuery } from "./query";
import { described, oneOf, rawParams, readParams, refuseFirst, type QueryProblem, type RawParams } from "./params";

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

export const analyticsShape = {
  event: described(
    oneOf("event", ANALYTICS_EVENTS),
    "The metric counted: clicks (default), leads, sales, or composite (all three).",
    { enum: [...ANALYTICS_EVENTS] },
  ),
  groupBy: described(
    z.pipe(
      oneOf("groupBy", [...GROUP_BYS, ...(Object.keys(GROUP_BY_ALIASES) as (keyof typeof GROUP_BY_ALIASES)[])]),
      z.transform(
        (groupBy): GroupBy =>
          Object.hasOwn(GROUP_BY_ALIASES, groupBy)
            ? GROUP_BY_ALIASES[groupBy as keyof typeof GROUP_BY_ALIASES]
            : (groupBy as GroupBy),
      ),
    ),
    "What the metrics are grouped by: count (default, one total), timeseries, or a breakdown; trigger is the older name of triggers.",
    {
      enum: [...GROUP_BYS, ...Object.keys(GROUP_BY_ALIASES)],
    },
  ),
  granularity: described(
    oneOf("granularity", GRANULARITIES),
    "The timeseries buckets: hour, day, week or month (default: by the range).",
    { enum: [...GRANULARITIES] },
  ),
  ...commonShape,
};

/** The event kinds whose metric the query reads; composite reads all and applies each filter where it can. */
function kindsChecked(event: AnalyticsEvent): readonly EventKind[] {
  return event === "composite" ? [] : [event];
}

export function readAnalyticsQuery(raw: RawParams): { query: AnalyticsQuery; problems: QueryProblem[] } {
  const { parsed, problems } = readParams(analyticsShape, raw);
  const event = parsed.event ?? "clicks";
  const groupBy = parsed.groupBy ?? "count";
  let granularity = parsed.granularity;
  if (granularity && groupBy !== "timeseries") {
    problems.push({
      param: "granularity",
      status: "unprocessable_entity",
      message: `Invalid value for "granularity": it applies to groupBy=timeseries only.`,
    });
    granularity = undefined;
  }
  const { common, problems: crossField } = readCommon(parsed, kindsChecked(event));
  return { query: { event, groupBy, granularity, ...common }, problems: [...problems, ...crossField] };
}

export function parseAnalyticsQuery(params: URLSearchParams | RawParams): AnalyticsQuery {
  const { query, problems } = readAnalyticsQuery(rawParams(params));
  refuseFirst(problems);
  return query;
}

export function analyticsQueryToParams(query: AnalyticsQuery): URLSearchParams {
  const out = new URLSearchParams();
  out.set("event", query.event);
  out.set("groupBy", query.groupBy);
  if (query.granularity) out.set("granularity", query.granularity);
  return commonToParams(query, out);
}

/**
 * A breakdown lists at most this many rows, the top ones: the embedded platform's cap for every
 * grouping, and the hosted one's for links grouped by their sales. A reply with fewer rows holds
 * every value of the dimension, so rows of a partition (say, one per link) sum to the view's totals.
 */
export const MAX_BREAKDOWN_ROWS = 1000;

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
export type Metric = keyof Metrics;
export const METRICS = ["clicks", "leads", "sales", "saleAmount"] as const satisfies readonly (keyof Metrics)[];

const timeseriesRow = z.strictObject({ start: isoTimestamp, ...metricsShape });

function rows<S extends z.core.$ZodShape>(shape: S) {
  return z.array(z.strictObject({ ...shape, ...metricsShape }));
}

type RowsSchema<K extends BreakdownGroupBy> = ReturnType<typeof rows<(typeof BREAKDOWNS)[K]["row"]>>;

const breakdownSchemas = Object.fromEntries(
  BREAKDOWN_GROUP_BYS.map((groupBy) => [groupBy, rows(BREAKDOWNS[groupBy].row)]),
) as {
  [K in BreakdownGroupBy]: RowsSchema<K>;
};

/** Strict reply schema per groupBy (the embedded platform's output; tests validate with it). */
export const analyticsReplySchemas = {
  count: metricsSchema,
  timeseries: z.array(timeseriesRow),
  ...breakdownSchemas,
} satisfies Record<GroupBy, z.ZodMiniType>;

export type TimeseriesRow = z.infer<typeof timeseriesRow>;
export type BreakdownRow<K extends BreakdownGroupBy> = z.infer<(typeof breakdownSchemas)[K]>[number];
export type AnalyticsReply<G extends GroupBy> = z.infer<(typeof analyticsReplySchemas)[G]>;
