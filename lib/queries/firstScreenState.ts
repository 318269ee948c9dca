import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { readComparison } from "../analytics/comparison";
import { firstWithData } from "../analytics/series";
import { readView } from "../filters/view";
import { API_KEYS, DASHBOARD_KEYS, type ApiKey } from "../url/keys";
import type { TimeseriesRow } from "../contract/analytics";
import type { ApiScope } from "../scope/apiScope";
import { analyticsQueryKey, analyticsQuestion, paramsForPeriod } from "./analyticsKeys";
import { readAnalyticsReply } from "./fetchAnalytics";
import { PRIORITY } from "./fetchJson";
import {
  firstScreenPlan,
  isAllTime,
  monthsQuery,
  planned,
  seriesPlan,
  type ChartChoice,
  type PlannedQuery,
} from "./figurePlan";

/** One analytics reply for the page being rendered (the body), or null when there is none to give. */
export type Load = (params: string, priority: number) => Promise<unknown>;

/** How long the page waits for its first screen before sending what it has (the browser asks for the rest). */
export const FIRST_SCREEN_WAIT_MS = 2_500;

/** The view and chart choices the URL holds, as the browser's first render reads them (a URL without a zone: UTC). */
export function viewOfSearch(search: URLSearchParams) {
  const raw: Partial<Record<ApiKey, string>> = {};
  for (const key of Object.keys(API_KEYS) as ApiKey[]) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  const view = readView(raw, "UTC").query;
  const granularity = search.get("granularity");
  const comparison = readComparison({
    compare: search.get("compare"),
    compareStart: search.get("compareStart"),
    compareEnd: search.get("compareEnd"),
    compareMatch: search.get("compareMatch"),
  });
  const choice: ChartChoice = {
    granularity: granularity === null ? null : DASHBOARD_KEYS.granularity.parse(granularity),
    comparison,
  };
  return { view, choice };
}

async function settle(plan: PlannedQuery, now: number, load: Load): Promise<unknown> {
  const priority = plan.period === "current" ? PRIORITY.visible : PRIORITY.companion;
  const body = await load(paramsForPeriod(plan.query, plan.period, now), priority);
  return body === null ? undefined : readAnalyticsReply(plan.query.groupBy, body);
}

/**
 * The first screen's replies for the URL's view of a workspace or share link (`scope`), as React
 * Query's dehydrated state under the keys the browser's hooks use (lib/queries/figurePlan.ts,
 * lib/queries/analyticsKeys.ts: the scope first, so the browser hydrates them only on that page). Every request starts at once; only all
 * time's chart waits, for the month series that says where its data begins. A refused or failed
 * request is left out: the browser asks again and says why, once. Null when the URL names no
 * time zone: the browser reads such a URL in its own, which the server does not know.
 */
export async function firstScreenState(
  scope: ApiScope,
  search: URLSearchParams,
  nowMinute: number,
  load: Load,
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<DehydratedState | null> {
  if (!search.get("timezone")) return null;
  const { view, choice } = viewOfSearch(search);
  const client = new QueryClient();
  const now = new Date(nowMinute);
  const fill = async (plan: PlannedQuery) => {
    try {
      const data = await settle(plan, nowMinute, load);
      if (data !== undefined) client.setQueryData(analyticsQueryKey(scope, plan.query, plan.period), data);
      return data;
    } catch {
      return undefined;
    }
  };
  const months = analyticsQuestion(monthsQuery(view));
  const all = Promise.all(
    firstScreenPlan(view, choice, now).map(async (plan) => {
      const data = await fill(plan);
      // All time: the chart's series starts at the first month with data, which the month series says.
      if (!isAllTime(view) || data === undefined || plan.question !== months) return;
      const since = firstWithData(data as TimeseriesRow[]);
      const series = since ? seriesPlan(view, choice, now, since) : null;
      if (series) await fill(planned(series.query, "current"));
    }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  return dehydrate(client);
}
