import { dehydrate, QueryClient, type DehydratedState, type InfiniteData } from "@tanstack/react-query";
import { readComparison } from "../analytics/comparison";
import { firstWithData } from "../analytics/series";
import { readView } from "../filters/view";
import { API_KEYS, DASHBOARD_KEYS, REPORTS, type ApiKey, type Report } from "../url/keys";
import type { TimeseriesRow } from "../contract/analytics";
import type { ApiScope } from "../scope/apiScope";
import type { CommonQuery } from "../contract/query";
import { analyticsQueryKey, analyticsQuestion, hasPreviousPeriod, paramsForPeriod } from "./analyticsKeys";
import type { GroupBy } from "../contract/dimensions";
import {
  customersPartnersQuery,
  customersReadParams,
  customersReadsKey,
  firstPageHasPartner,
  readCustomersRead,
  type CustomersKind,
  type CustomersRead,
} from "./customersReads";
import { PRIORITY_LEVEL, readAnalyticsReply, type Priority } from "./fetchAnalytics";
import { PRIORITY } from "./fetchJson";
import { annotationsKey, annotationsOf } from "./annotationsKey";
import type { AnnotationJson } from "../contract/dashboardReplies";
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

/**
 * One analytics, events or annotations reply for the page being rendered: the body, a refusal the
 * page says as the browser would (`PlanRefusal`), or null when there is none to give.
 */
export type Load = (
  endpoint: "analytics" | "events" | "annotations",
  params: string,
  priority: number,
) => Promise<unknown>;

/**
 * A 403 that is neither a share link's lock nor the dashboard's sign-in: the plan does not include
 * what was asked (the Pro key's `/events`). Known on the server, it is said in the HTML (the
 * report's notice) rather than asked again by the browser once hydrated.
 */
export interface PlanRefusal {
  refused: { status: number; code: string; message: string };
}

export function isPlanRefusal(body: unknown): body is PlanRefusal {
  return typeof body === "object" && body !== null && "refused" in body;
}

/** A customers report's first read refused by the plan, under its hook's key, and when (the page's minute): the browser's cache holds the refusal from the first render on. */
export interface RefusedRead extends Readonly<PlanRefusal["refused"]> {
  queryKey: readonly unknown[];
  at: number;
}

/** How long the page waits for its key figures (and the customers report's table) before sending what it has (the browser asks for the rest). */
export const FIRST_SCREEN_WAIT_MS = 2_500;

/**
 * Once the key figures are in, how long the page still waits for the rest (the comparison, a
 * report's table): replies the dashboard has cached come within it and go with the HTML, so the
 * browser has nothing left to wait for after hydrating; a reply the platform still has to answer
 * is streamed after the HTML as before.
 */
export const FIRST_SCREEN_REST_GRACE_MS = 25;

/**
 * How long a page holds its shell (everything outside the first screen's Suspense boundary) for a
 * first screen that needs the platform. React reveals a boundary streamed after the shell no sooner
 * than 300 ms after the shell was painted (it throttles reveals, and later still while the page's
 * scripts run: seconds on a loaded machine), so a first screen is best rendered in the shell itself,
 * with no boundary of its own. One whose replies are all in the dashboard's cache is always waited
 * for, whatever the load; once one reply is known to need the platform, the shell waits until this
 * long after the render began, then goes first and the first screen streams after it.
 */
export const FIRST_SCREEN_SHELL_WAIT_MS = 150;

/**
 * Whether the first screen goes in the page's shell: true once `state` settles (answered or
 * failed) before `uncached` (one of its replies needs the platform) has settled and then
 * `waitMs` have passed since the call; false after that.
 */
export function shellWait(
  state: Promise<unknown>,
  uncached: Promise<void>,
  waitMs = FIRST_SCREEN_SHELL_WAIT_MS,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = uncached.then(
    () => new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadline - Date.now()))),
  );
  const settled = state.then(
    () => true,
    () => true,
  );
  return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
}

/** The report a URL opens on (the overview unless it names another). */
function readReport(raw: string | null): Report {
  return (REPORTS as readonly string[]).includes(raw ?? "") ? (raw as Report) : "overview";
}

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

/** The partners report's requests (lib/queries/usePartnersReport.ts): the current period's, and the comparison's when the URL asks for one. */
function partnersFirstScreen(view: CommonQuery, choice: ChartChoice): PlannedQuery<FirstScreenQuery>[] {
  const compared = choice.comparison;
  return [
    ...partnersPlan(view, "current"),
    ...(compared && hasPreviousPeriod(totalsQuery(view), compared) ? partnersPlan(view, compared) : []),
  ];
}

/**
 * The customers report's first read of leads and of sales, sent together (its table needs both),
 * each kept as what the report keeps of it (../analytics/customerPages.ts: a few fields an event,
 * not the platform's 2.7 kB), and the partner names of its first page: asked as soon as the read
 * of leads shows a customer who came through a partner, rather than once the browser has drawn the
 * table. Each goes into `client` under its hook's key once in (so into the HTML when in before it
 * goes: the table is then drawn by the server); a body of null (refused, failed, or no partner to
 * name) is asked for by the browser when a hook wants it; a read the plan refuses is said in the
 * HTML (`refusal`).
 */
function customersFirstReads(scope: ApiScope, view: CommonQuery, load: Load, client: QueryClient): Tracked[] {
  const read = <R extends CustomersRead>(events: CustomersKind, keep: (reply: unknown) => R) => {
    const params = customersReadParams(view, events, 1);
    const reply = load("events", params, PRIORITY.visible).catch(() => null);
    const body = reply.then((r) => (r === null || isPlanRefusal(r) ? null : keep(r))).catch(() => null);
    const refusal = reply.then((r) => (isPlanRefusal(r) ? r : null));
    return { read: { params, body, queryKey: customersReadsKey(scope, view, events) }, refusal };
  };
  const leads = read("leads", (reply) => readCustomersRead(reply, "leads"));
  const sales = read("sales", (reply) => readCustomersRead(reply, "sales"));
  const names = customersPartnersQuery(view);
  const namesParams = paramsForPeriod(names, "current", 0);
  const namesBody = leads.read.body.then((kept) =>
    kept !== null && firstPageHasPartner(kept)
      ? load("analytics", namesParams, PRIORITY_LEVEL.high).catch(() => null)
      : null,
  );
  return [
    tracked(client, { kind: "customers", events: "leads", ...leads.read }, leads.refusal),
    tracked(client, { kind: "customers", events: "sales", ...sales.read }, sales.refusal),
    tracked(client, {
      kind: "analytics",
      queryKey: analyticsQueryKey(scope, names),
      groupBy: names.groupBy,
      params: namesParams,
      priority: "high",
      body: namesBody,
    }),
  ];
}

/** A reply of the report's and where it stands: "answered" once in `client`, "refused" by the plan, "missing" once its body came back null (or not in the contract's shape). */
interface Tracked {
  reply: StreamedReply;
  outcome: Outcome;
  refusal: PlanRefusal | null;
  /** Settles once the reply is in `client` (or known to be refused or missing). */
  done: Promise<void>;
}

function tracked(
  client: QueryClient,
  reply: StreamedReply,
  refusal: Promise<PlanRefusal | null> = Promise.resolve(null),
): Tracked {
  const entry: Tracked = {
    reply,
    outcome: "waiting",
    refusal: null,
    done: Promise.all([reply.body as Promise<unknown>, refusal]).then(([body, refused]) => {
      entry.refusal = refused;
      entry.outcome = refused ? "refused" : "missing";
      if (body === null) return;
      try {
        client.setQueryData(reply.queryKey, heldAs(reply, body));
        entry.outcome = "answered";
      } catch {
        // Not the contract's shape: the browser asks again and says so.
      }
    }),
  };
  return entry;
}

/** What a reply's hook holds under its key: an analytics reply as read, a customers read as the first page of its infinite query. */
function heldAs(reply: StreamedReply, body: unknown): unknown {
  if (reply.kind === "analytics") return readAnalyticsReply(reply.groupBy, body);
  if (reply.kind === "customers") return { pages: [body], pageParams: [1] } satisfies InfiniteData<unknown, number>;
  return body;
}

/**
 * A first-screen reply still on its way when the page's figures were sent: the browser's cache
 * takes its key at once (so no hook of the page asks for it again) and waits for `body`, which the
 * server streams after the HTML. `body` null (refused, failed after the HTML went): the browser asks
 * itself, with the very request the server made (`params`), and says why, once. One known to be
 * refused before is left out: the page's hook asks for it if it wants it (a share link's lock
 * refuses the comparison, which its page does not show).
 */
export type StreamedReply =
  | {
      kind: "analytics";
      queryKey: readonly unknown[];
      groupBy: GroupBy;
      params: string;
      priority: Priority;
      body: Promise<unknown>;
    }
  /** The chart's notes (the dashboard's own database); null: the browser asks. */
  | { kind: "annotations"; queryKey: readonly unknown[]; body: Promise<AnnotationJson[] | null> }
  /** The customers report's first read of one kind, as the report keeps it (./customersReads.ts); null: the browser asks. */
  | {
      kind: "customers";
      queryKey: readonly unknown[];
      events: CustomersKind;
      params: string;
      body: Promise<CustomersRead | null>;
    };

/** What the page hands to React Query: the replies in hand (in the HTML), those streamed after it, and the reads the plan refused (said in the HTML). */
export interface FirstScreenData {
  state: DehydratedState;
  streamed: StreamedReply[];
  refused: RefusedRead[];
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

/** Where a reply stands when the HTML goes: still out (streamed), in hand (in the HTML), refused by the plan (said in the HTML), or else missing (left out: the page's hook asks, and says why). */
type Outcome = "waiting" | "answered" | "refused" | "missing";

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
