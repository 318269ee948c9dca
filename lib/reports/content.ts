import type { Metrics, TimeseriesRow } from "../contract/analytics";
import { METRICS, ORDER_METRIC } from "../contract/analytics";
import type { DateRange } from "../contract/dateRange";
import type { BreakdownGroupBy, GroupBy } from "../contract/dimensions";
import { fixedFirstPurchases, firstPurchasesQuery } from "../analytics/firstPurchases";
import { partnerFigures, type PartnerFigures } from "../analytics/partners";
import { breakdownQuery, chartQuery, type QueryFor } from "../analytics/queries";
import { hasPreviousPeriod, paramsForPeriod, type Period } from "../queries/analyticsKeys";
import { readAnalyticsReply } from "../queries/fetchAnalytics";
import { PRIORITY } from "../queries/fetchJson";
import {
  figureSources,
  isAllTime,
  monthsQuery,
  safeRange,
  seriesPlan,
  totalsOf,
  totalsQuery,
} from "../queries/figurePlan";
import { viewOfSearch } from "../queries/viewOfSearch";

/** One analytics reply's body for `params` (what the dashboard's `/api/…/analytics` answers), or throws with the reason. */
export type ReportLoad = (params: string, priority: number) => Promise<unknown>;

export interface BreakdownSection {
  groupBy: BreakdownGroupBy;
  title: string;
  metric: keyof Metrics;
  rows: { label: string; value: number }[];
}

/** What a report shows: the view's figures now and in the previous period, its series, its top rows, and for a partners view the partners. */
export interface ReportContent {
  range: DateRange | null;
  current: Metrics;
  /** Null: all time, which has no previous period. */
  previous: Metrics | null;
  series: TimeseriesRow[];
  breakdowns: BreakdownSection[];
  partners: PartnerFigures[] | null;
}

/** The breakdowns a report lists, with what each row is called. */
const BREAKDOWN_SECTIONS: {
  groupBy: BreakdownGroupBy;
  title: string;
  label: (row: Record<string, unknown>) => string;
}[] = [
  { groupBy: "top_links", title: "Top links", label: (row) => String(row.shortLink ?? row.id) },
  { groupBy: "countries", title: "Countries", label: (row) => String(row.country) },
  { groupBy: "referers", title: "Referrers", label: (row) => String(row.referer) },
];
const TOP_ROWS = 5;

/**
 * A report's content for the view `search` (a saved view's `?…`) at `now`: the same plan the
 * dashboard's first screen and hooks use (lib/queries/figurePlan.ts), each reply read through the
 * same loader the page's requests go through, so a report's figures are the dashboard's.
 */
export async function reportContent(search: URLSearchParams, now: Date, load: ReportLoad): Promise<ReportContent> {
  const { view, choice } = viewOfSearch(search);
  const nowMs = now.getTime();
  const ask = async <G extends GroupBy>(query: QueryFor<G>, period: Period) =>
    readAnalyticsReply(
      query.groupBy,
      await load(paramsForPeriod(query, period, nowMs), period === "current" ? PRIORITY.visible : PRIORITY.companion),
    );

  const currentTotals = figureSources(view, choice, now, "current").totals.query;
  const comparable = hasPreviousPeriod(totalsQuery(view));
  const previousTotals = comparable ? figureSources(view, choice, now, "previous").totals.query : null;
  const allTime = isAllTime(view);
  const plan = allTime ? null : seriesPlan(view, choice, now);
  const seriesQuery = allTime ? monthsQuery(view) : (plan?.query ?? null);

  const [current, previous, series] = await Promise.all([
    ask(currentTotals, "current"),
    previousTotals ? ask(previousTotals, "previous") : Promise.resolve(null),
    seriesQuery ? ask(seriesQuery, "current") : Promise.resolve([] as TimeseriesRow[]),
  ]);

  const kinded = { ...view, event: view.event };
  const breakdowns = await Promise.all(
    BREAKDOWN_SECTIONS.map(async (section): Promise<BreakdownSection> => {
      const metric = ORDER_METRIC[view.event];
      const rows = (await ask(breakdownQuery(kinded, section.groupBy), "current")) as unknown as (Record<
        string,
        unknown
      > &
        Metrics)[];
      return {
        groupBy: section.groupBy,
        title: section.title,
        metric,
        rows: [...rows]
          .sort((a, b) => b[metric] - a[metric])
          .slice(0, TOP_ROWS)
          .map((row) => ({ label: section.label(row), value: row[metric] })),
      };
    }),
  );

  let partners: PartnerFigures[] | null = null;
  if (search.get("report") === "partners") {
    const all = await ask(chartQuery(view, "composite", "top_partners"), "current");
    const fixed = fixedFirstPurchases(view);
    const firstsQuery = firstPurchasesQuery(view, "top_partners");
    const firsts = fixed === "all" ? all : fixed === "none" ? [] : firstsQuery ? await ask(firstsQuery, "current") : [];
    partners = partnerFigures(all, firsts).sort((a, b) => b.saleAmount - a.saleAmount);
  }

  return {
    range: plan?.range ?? safeRange(view, now),
    current: totalsOf(current as Metrics | TimeseriesRow[]),
    previous: previous === null ? null : totalsOf(previous as Metrics | TimeseriesRow[]),
    series: series as TimeseriesRow[],
    breakdowns,
    partners,
  };
}

export { METRICS };
