import { dehydrate, QueryClient } from "@tanstack/react-query";
import { firstWithData } from "../analytics/series";
import type { TimeseriesRow } from "../contract/analytics";
import type { ApiScope } from "../scope/apiScope";
import type { CommonQuery } from "../contract/query";
import { analyticsQueryKey, analyticsQuestion, hasPreviousPeriod, paramsForPeriod } from "./analyticsKeys";
import { customersFirstReads } from "./customersFirstReads";
import { PRIORITY_LEVEL, readAnalyticsReply, type Priority } from "./fetchAnalytics";
import { PRIORITY } from "./fetchJson";
import { annotationsKey, annotationsOf } from "./annotationsKey";
import type { FirstScreenData, Load, Outcome, StreamedReply } from "./firstScreenReplies";
import {
  firstScreenPlan,
  isAllTime,
  monthsQuery,
  partnersPlan,
  planned,
  seriesPlan,
  totalsQuery,
  type ChartChoice,
  type FirstScreenQuery,
  type PlannedQuery,
} from "./figurePlan";
import { readReport, viewOfSearch } from "./viewOfSearch";

/** How long the page waits for its key figures (and the customers report's table) before sending what it has (the browser asks for the rest). */
export const FIRST_SCREEN_WAIT_MS = 2_500;

/**
 * Once the key figures are in, how long the page still waits for the rest (the comparison, a
 * report's table): replies the dashboard has cached come within it and go with the HTML, so the
 * browser has nothing left to wait for after hydrating; a reply the platform still has to answer
 * is streamed after the HTML as before.
 */
export const FIRST_SCREEN_REST_GRACE_MS = 25;

/** The partners report's requests (lib/queries/usePartnersReport.ts): the current period's, and the comparison's when the URL asks for one. */
function partnersFirstScreen(view: CommonQuery, choice: ChartChoice): PlannedQuery<FirstScreenQuery>[] {
  const compared = choice.comparison;
  return [
    ...partnersPlan(view, "current"),
    ...(compared && hasPreviousPeriod(totalsQuery(view), compared) ? partnersPlan(view, compared) : []),
  ];
}

interface Sent {
  plan: PlannedQuery<FirstScreenQuery>;
  queryKey: readonly unknown[];
  params: string;
  priority: Priority;
  body: Promise<unknown>;
  /** Settles once the reply is in the client (or known to be missing). */
  done: Promise<void>;
  outcome: Outcome;
}

/**
 * The first screen's replies for the URL's view of a workspace or share link (`scope`), under the
 * keys the browser's hooks use (lib/queries/figurePlan.ts, lib/queries/analyticsKeys.ts: the
 * scope first, so the browser hydrates them only on that page). Every request starts at once, the
 * key figures' (the current period) first in the key's queue; only all time's chart waits, for the
 * month series that says where its data begins. Resolves as soon as the key figures are answered
 * (and, for the customers report, its table's two reads; or once `waitMs` has passed): what is in
 * hand then goes with the HTML, the rest (the comparison, a
 * rate-limited key's later requests) is streamed to the browser's cache as it arrives, so a key
 * allowing 2 requests a second holds back no figure. Null when the URL names no time zone: the
 * browser reads such a URL in its own, which the server does not know.
 */
export async function firstScreenState(
  scope: ApiScope,
  search: URLSearchParams,
  nowMinute: number,
  load: Load,
  waitMs = FIRST_SCREEN_WAIT_MS,
  graceMs = FIRST_SCREEN_REST_GRACE_MS,
): Promise<FirstScreenData | null> {
  if (!search.get("timezone")) return null;
  const { view, choice } = viewOfSearch(search);
  const client = new QueryClient();
  const now = new Date(nowMinute);
  const send = (plan: PlannedQuery<FirstScreenQuery>): Sent => {
    const priority: Priority = plan.period === "current" ? "high" : "low";
    const params = paramsForPeriod(plan.query, plan.period, nowMinute);
    const body = load("analytics", params, PRIORITY_LEVEL[priority]).catch(() => null);
    const sent: Sent = {
      plan,
      queryKey: analyticsQueryKey(scope, plan.query, plan.period),
      params,
      priority,
      body,
      outcome: "waiting",
      done: body.then((reply) => {
        sent.outcome = "missing";
        if (reply === null) return;
        try {
          client.setQueryData(sent.queryKey, readAnalyticsReply(plan.query.groupBy, reply));
          sent.outcome = "answered";
        } catch {
          // Not the contract's shape: the browser asks again and says so.
        }
      }),
    };
    return sent;
  };
  const report = readReport(search.get("report"));
  const plan = firstScreenPlan(view, choice, now, undefined, report);
  const figures = plan.filter((p) => p.period === "current");
  // The partners report's first purchases per link are the key figures' own request: asked once.
  const asked = new Set(plan.map((p) => p.question));
  const partners = report === "partners" ? partnersFirstScreen(view, choice).filter((p) => !asked.has(p.question)) : [];
  // In the key's queue (priority, then arrival): the key figures, the report's table, then the comparisons.
  const sent: Sent[] = [...figures, ...partners.filter((p) => p.period === "current")].map(send);
  const reads = report === "customers" ? customersFirstReads(scope, view, load, client) : [];
  sent.push(
    ...[...plan.filter((p) => p.period !== "current"), ...partners.filter((p) => p.period !== "current")].map(send),
  );
  // The overview's chart shows the workspace's notes: read with the figures, not once the page is hydrated.
  const notes =
    report === "overview"
      ? load("annotations", "", PRIORITY.companion)
          .then(annotationsOf)
          .catch(() => null)
      : null;
  let notesAre: Outcome = "waiting";
  void notes?.then((annotations) => {
    notesAre = annotations === null ? "missing" : "answered";
    if (annotations !== null) client.setQueryData(annotationsKey(scope), annotations);
  });
  const months = analyticsQuestion(monthsQuery(view));
  // The customers report's table is its first screen, as the key figures are: the page waits for its two reads
  // too, so the server draws the table (else it waits in the browser for the page's script to run). Not for the
  // partner names, which wait on the read of leads.
  const tableReads = reads.filter((r) => r.reply.kind === "customers");
  const firstIn = Promise.all([...sent.slice(0, figures.length), ...tableReads].map((s) => s.done));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const firstAnswered = await Promise.race([
    firstIn.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
  ]);
  clearTimeout(timer);
  if (firstAnswered) {
    const restIn = Promise.all([...sent.slice(figures.length).map((s) => s.done), ...reads.map((r) => r.done), notes]);
    await Promise.race([restIn, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }
  // All time: the chart's series starts at the first month with data, which the month series says.
  const monthly = isAllTime(view)
    ? sent.find((s) => s.plan.question === months && s.outcome === "answered")
    : undefined;
  if (monthly) {
    const since = firstWithData(client.getQueryData<TimeseriesRow[]>(monthly.queryKey) ?? []);
    const series = since ? seriesPlan(view, choice, now, since) : null;
    if (series) sent.push(send(planned(series.query, "current")));
  }
  const state = dehydrate(client);
  const streamed = sent
    .filter((s) => s.outcome === "waiting")
    .map(
      ({ queryKey, plan, params, priority, body }): StreamedReply => ({
        kind: "analytics",
        queryKey,
        groupBy: plan.query.groupBy,
        params,
        priority,
        body,
      }),
    );
  const notesLater: StreamedReply[] =
    notes && notesAre === "waiting" ? [{ kind: "annotations", queryKey: annotationsKey(scope), body: notes }] : [];
  return {
    state,
    streamed: [...streamed, ...reads.filter((r) => r.outcome === "waiting").map((r) => r.reply), ...notesLater],
    refused: reads.flatMap((r) =>
      r.outcome === "refused" && r.refusal ? [{ queryKey: r.reply.queryKey, ...r.refusal.refused, at: nowMinute }] : [],
    ),
  };
}
