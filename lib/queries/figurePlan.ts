import type { Granularity, Metrics } from "../contract/analytics";
import type { DateRange } from "../contract/dateRange";
import { resolveRange } from "../contract/dateRange";
import type { CommonQuery } from "../contract/query";
import { firstPurchasesQuery } from "../analytics/firstPurchases";
import { effectiveGranularity } from "../analytics/granularity";
import { chartQuery, type QueryFor } from "../analytics/queries";
import { isoDateInZone } from "../format/date";
import type { Comparison } from "../analytics/comparison";
import type { Report } from "../url/keys";
import { analyticsQuestion, hasPreviousPeriod, periodId, type Period } from "./analyticsKeys";
import { keptResults } from "./keptResults";

/**
 * Which requests the page's figures (KPI row, funnel, the chart's headline, the events count) and
 * the chart are read from: one plan for the browser's hooks and the server's first render, so both
 * ask the same questions under the same keys. A time series sums to the count of its range (the
 * platform guarantees it), so the current period's totals are the chart's own series: the Clicks
 * tile and the chart's total are one reply, and no separate count is asked for.
 */

/** What the URL says about the chart beside the view itself. */
export interface ChartChoice {
  granularity: Granularity | null;
  /** What the view is compared with (the chart draws it as a second series); null: none asked for. */
  comparison: Comparison | null;
}

/** What the key figures are compared with: the URL's comparison, else the previous period. */
export function figuresComparedWith(choice: ChartChoice): Period {
  return choice.comparison ?? "previous";
}

/** Whether `period` is the comparison the chart draws (so its series holds that period's totals). */
function drawnComparison(choice: ChartChoice, period: Period): boolean {
  return choice.comparison !== null && period !== "current" && periodId(choice.comparison) === periodId(period);
}

/** All time, as the URL says it: no start, interval=all. */
export function isAllTime(range: { start?: string; interval?: string }): boolean {
  return !range.start && range.interval === "all";
}

/** All time's month-by-month series: where the data begins, and (summed) the totals of all time. */
export function monthsQuery(view: CommonQuery): QueryFor<"timeseries"> {
  return chartQuery(view, "composite", "timeseries", "month");
}

/** The view a chart over all time draws: from the first month with data, so it picks a bucket size for the data's span, not the workspace's age. */
export function fromDataStart<V extends CommonQuery>(view: V, since: string): V {
  return { ...view, interval: undefined, start: isoDateInZone(new Date(since), view.timezone), end: undefined };
}

/**
 * The view's range at `now`, or null when the URL's bounds are inconsistent (start after end). Every
 * hook of a render that needs the view's range asks for the same one: it is resolved once per view
 * and minute (in the view's zone, `TZDate` arithmetic).
 */
export const safeRange: (params: CommonQuery, now: Date) => DateRange | null = keptResults(
  (params: CommonQuery, now: Date) => {
    try {
      return resolveRange(params, now);
    } catch {
      return null;
    }
  },
  ({ timezone, start, end, interval }, now) =>
    `${now.getTime()} ${timezone} ${interval ?? ""} ${start ?? ""} ${end ?? ""}`,
);

export interface SeriesPlan {
  /** The view the chart draws (all time: from the first month with data). */
  drawn: CommonQuery;
  range: DateRange;
  query: QueryFor<"timeseries">;
}

/**
 * The chart's series at `now`: null while "now" is unknown, for an all-time view until its data
 * start is known (`since`), and for a range the URL gets wrong.
 */
export function seriesPlan(
  view: CommonQuery,
  choice: ChartChoice,
  now: Date | null,
  since?: string | null,
): SeriesPlan | null {
  if (!now) return null;
  const drawn = isAllTime(view) ? (since ? fromDataStart(view, since) : null) : view;
  if (!drawn) return null;
  const range = safeRange(drawn, now);
  if (!range) return null;
  return {
    drawn,
    range,
    query: chartQuery(drawn, "composite", "timeseries", effectiveGranularity(range, choice.granularity)),
  };
}

/** The count of every kind over the view (composite: each filter where it applies). */
export function totalsQuery(view: CommonQuery): QueryFor<"count"> {
  return chartQuery(view, "composite", "count");
}

/** Where first purchases are read from: a count, or (the partners report) one row per link. */
export type FirstsQuery = QueryFor<"count"> | QueryFor<"top_links">;

/** A question the first screen asks: the figures' and the chart's, or a report's table. */
export type FirstScreenQuery = QueryFor<"timeseries"> | FirstsQuery | QueryFor<"top_partners">;

/** One request of the plan: the query, the period it is asked for, and the question they make (its key, less the scope). */
export interface PlannedQuery<Q extends FirstScreenQuery = QueryFor<"timeseries"> | FirstsQuery> {
  query: Q;
  period: Period;
  question: string;
}

export function planned<Q extends FirstScreenQuery>(query: Q, period: Period): PlannedQuery<Q> {
  return { query, period, question: analyticsQuestion(query, period) };
}

export interface FigureSources {
  /** The totals: the chart's series, all time's month series, or (a range that cannot be drawn) the count, whose answer says what is wrong. */
  totals: PlannedQuery<QueryFor<"timeseries"> | QueryFor<"count">>;
  /** First purchases (new sales), a count or per link (summed); null when the view's sale type decides them. */
  firsts: PlannedQuery<FirstsQuery> | null;
}

/**
 * How a view reads its first purchases: the partners report per link, since each link's row names
 * its partner, so one request gives the Customers figure (summed) and each partner's customers
 * (grouped); every other view a count, which the Sales card's "New" shares.
 */
export function firstPurchasesOf(view: CommonQuery, report: Report): FirstsQuery | null {
  return report === "partners" ? firstPurchasesQuery(view, "top_links") : firstPurchasesQuery(view, "count");
}

/**
 * Where a period's figures come from. Current: the chart's series. A comparison: the chart's
 * second series when it draws that comparison, else one count. `now` null: not known yet
 * (the totals fall back to the count, which needs no clock). First purchases as the report reads them.
 */
export const figureSources: (
  view: CommonQuery,
  choice: ChartChoice,
  now: Date | null,
  period: Period,
  report?: Report,
) => FigureSources = keptResults(planFigureSources, (view, choice, now, period, report = "overview") =>
  // Everything the plan reads: the view's range and filters, the chart's choices, the minute, the period, the report.
  JSON.stringify([view, choice, now?.getTime() ?? null, period, report]),
);

function planFigureSources(
  view: CommonQuery,
  choice: ChartChoice,
  now: Date | null,
  period: Period,
  report: Report = "overview",
): FigureSources {
  const first = firstPurchasesOf(view, report);
  const firsts = first ? planned(first, period) : null;
  if (isAllTime(view))
    return { totals: planned(period === "current" ? monthsQuery(view) : totalsQuery(view), period), firsts };
  const series = seriesPlan(view, choice, now);
  const useSeries =
    series !== null &&
    (period === "current" || (drawnComparison(choice, period) && hasPreviousPeriod(series.query, period)));
  return { totals: planned(useSeries ? series.query : totalsQuery(view), period), firsts };
}

/** A reply's totals: a count as is, a series (or a whole partition, such as one row per link) summed row by row. */
export function totalsOf(reply: Metrics | readonly Metrics[]): Metrics {
  if (!Array.isArray(reply)) return reply as Metrics;
  const sum: Metrics = { clicks: 0, leads: 0, sales: 0, saleAmount: 0 };
  for (const row of reply as readonly Metrics[]) {
    sum.clicks += row.clicks;
    sum.leads += row.leads;
    sum.sales += row.sales;
    sum.saleAmount += row.saleAmount;
  }
  return sum;
}

/**
 * The first screen's requests for a view at `now`, all sent at once: the figures of both periods
 * (the chart's series holds the current totals), first purchases of both, and the chart's
 * comparison series when drawn. All time needs its month series first to place the chart
 * (`since`); the figures of all time are that series. Deduplicated by key.
 */
export function firstScreenPlan(
  view: CommonQuery,
  choice: ChartChoice,
  now: Date,
  since?: string | null,
  report: Report = "overview",
): PlannedQuery[] {
  const current = figureSources(view, choice, now, "current", report);
  const against = figuresComparedWith(choice);
  const comparable = hasPreviousPeriod(totalsQuery(view), against);
  const previous = comparable ? figureSources(view, choice, now, against, report) : null;
  const series = seriesPlan(view, choice, now, since);
  const all: (PlannedQuery | null | undefined)[] = [
    current.totals,
    current.firsts,
    previous?.totals,
    previous?.firsts,
    series && planned(series.query, "current"),
    series && comparable && choice.comparison ? planned(series.query, choice.comparison) : null,
  ];
  const seen = new Set<string>();
  return all.filter((q): q is PlannedQuery => {
    if (!q) return false;
    if (seen.has(q.question)) return false;
    seen.add(q.question);
    return true;
  });
}

/**
 * The partners report's questions: every partner's figures (the only grouping that names them),
 * and first purchases per link (null when the view's sale type decides them), the very request
 * its key figures read their Customers from. Per link, not per partner: summed, the rows are the
 * view's first purchases, links without a partner included, which no per-partner grouping holds.
 */
export function partnersQueries(view: CommonQuery): {
  all: QueryFor<"top_partners">;
  firsts: QueryFor<"top_links"> | null;
} {
  return { all: chartQuery(view, "composite", "top_partners"), firsts: firstPurchasesQuery(view, "top_links") };
}

/** First purchases per partner, asked only when the links' reply is cut at the platform's cap (it then no longer sums exactly). */
export function partnerFirstsQuery(view: CommonQuery): QueryFor<"top_partners"> | null {
  return firstPurchasesQuery(view, "top_partners");
}

/** The partners report's requests for a period, as its hook asks them (lib/queries/usePartnersReport.ts). */
export function partnersPlan(
  view: CommonQuery,
  period: Period,
): PlannedQuery<QueryFor<"top_partners"> | QueryFor<"top_links">>[] {
  const { all, firsts } = partnersQueries(view);
  return [planned(all, period), ...(firsts ? [planned(firsts, period)] : [])];
}
