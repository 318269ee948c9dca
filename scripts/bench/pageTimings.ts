// What a person waits for (issue 20): per view, cold (a fresh dashboard process, so an empty
// reply cache, that has served one other view first so that Next has loaded its code, and a new
// browser context, so an empty browser cache) and warm (a second browser context opening the same
// URL once the first settled), N visits of each (--visits), this checkout and the baseline taking
// turns (A B A B…) so that the machine's drifting load falls on both alike,
// the time to the key figures, to the first chart and to a settled first screen, with the
// dashboard API requests the browser made and the upstream requests the dashboard made (counted
// between the dashboard and the platform), on the pro key (2 requests/s) and the business key.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { CSRF_COOKIE, CSRF_HEADER } from "../../lib/security/csrf";
import { describeCounts, diffCounts, total, type CountingProxy, type Counts } from "./countingProxy";
import type { PageKey } from "./args";
import { pageProbe, type ProbeReading } from "./pageProbe";
import { BrowserTraffic, PHASE_TIMEOUT_MS, VIEWPORT, waitQuiet } from "./pageRequests";
import { startDashboard, type Running } from "./services";
import { sleep } from "./stats";

export interface PageView {
  name: string;
  /** The dashboard URL's path and query; a share link's view is the query it locks. */
  path: string;
  /** Opened through a share link (by someone signed out) locked to `path`'s query. */
  shared?: boolean;
}

/** A shared URL holds its time zone (the page writes it), so every view but the bare `/` carries one, as a pasted URL would. */
export const PAGE_VIEWS: readonly PageView[] = [
  { name: "default view (/)", path: "/" },
  {
    name: "4 filters, 30 days",
    path: "/?interval=30d&country=US,DE&device=Desktop&browser=Chrome&trigger=link&timezone=UTC",
  },
  { name: "sales, 30 days", path: "/?event=sales&interval=30d&timezone=UTC" },
  { name: "30 days, compared with the previous period", path: "/?interval=30d&timezone=UTC&compare=previous" },
  {
    name: "30 days, compared with the year before (same weekdays)",
    path: "/?interval=30d&timezone=UTC&compare=year&compareMatch=weekday",
  },
  { name: "partners report", path: "/?interval=90d&report=partners&timezone=UTC" },
  { name: "customers report", path: "/?interval=90d&report=customers&timezone=UTC" },
  { name: "share link (30 days)", path: "/?interval=30d&timezone=UTC", shared: true },
];

export const PAGE_KEYS = [
  { name: "pro", key: "demo_pro_key", note: "2 requests/s" },
  { name: "business", key: "demo_business_key", note: "4 requests/s" },
] as const satisfies readonly { name: PageKey; key: string; note: string }[];
export type PageKeyName = PageKey;

/** One visit: ms since the navigation started (null: never seen), and the requests it made. */
export interface Visit {
  figuresMs: number | null;
  chartMs: number | null;
  settledMs: number | null;
  /** Requests from the browser to the dashboard's /api/. */
  api: number;
  /** Requests from the dashboard to the platform, by "METHOD /path status". */
  upstream: Counts;
  /** Each of those, in the order they ended: ms from the navigation's start to leaving and to its reply (--verbose lists them). */
  requests: { request: string; status: number | string; leftMs: number; endedMs: number }[];
  /** The browser's /api/ requests: path and query, ms from the navigation's start to their reply. */
  apiRequests: { path: string; repliedMs: number }[];
  /** Where the time went, from Chromium's own timeline (--verbose prints it). */
  timeline?: Timeline;
  /**
   * Warm visits of a signed-in view: ms from pressing X (comparison on: a view not seen before) to
   * its key figures on screen, then from pressing X again (back to the view seen before, whose
   * replies are cached) to its figures (issue 20: a cached view change within 300 ms).
   */
  viewChange?: { newMs: number | null; cachedMs: number | null; error?: string };
  /** What kept the view from settling, last seen (the probe's reading), when it never did. */
  waitingOn?: string | null;
  error?: string;
}

/**
 * A visit's milestones in ms from the navigation's start (Navigation and Resource Timing, paint
 * timing, the probe's frames): the document's first byte and its last, the stylesheets and the
 * scripts the HTML names fully loaded, the first paint, the key figures on screen, hydration,
 * DOMContentLoaded; the HTML's size and the long tasks before hydration.
 */
export interface Timeline {
  firstByte: number;
  htmlEnd: number;
  htmlKb: number;
  cssEnd: number | null;
  scriptsEnd: number | null;
  firstPaint: number | null;
  figures: number | null;
  hydrated: number | null;
  domContentLoaded: number;
  /** Sum and count of the long tasks that began before hydration. */
  longTasksMs: number;
  longTasks: number;
}

/** Runs in the page: Navigation, Resource and Paint Timing, rounded. */
function readTimeline(): Omit<Timeline, "figures" | "hydrated" | "longTasksMs" | "longTasks"> {
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const lastEnd = (pick: (r: PerformanceResourceTiming) => boolean) => {
    const ends = resources.filter(pick).map((r) => r.responseEnd);
    return ends.length > 0 ? Math.round(Math.max(...ends)) : null;
  };
  const paint =
    performance.getEntriesByName("first-contentful-paint")[0] ?? performance.getEntriesByName("first-paint")[0];
  return {
    firstByte: Math.round(nav.responseStart),
    htmlEnd: Math.round(nav.responseEnd),
    htmlKb: Math.round(nav.decodedBodySize / 1024),
    cssEnd: lastEnd((r) => r.initiatorType === "link" && /\.css(\?|$)/.test(r.name)),
    scriptsEnd: lastEnd((r) => r.initiatorType === "script" && r.startTime < nav.domContentLoadedEventEnd),
    firstPaint: paint ? Math.round(paint.startTime) : null,
    domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
  };
}

/** As the probe: esbuild's `__name(…)` around the function's inner arrows, which the page does not have. */
const TIMELINE_SCRIPT = `var __name = (f) => f; (${readTimeline.toString()})()`;

/** "first byte 120, HTML end 180 (96 kB), CSS 210, …" */
export function describeTimeline(t: Timeline): string {
  const ms = (n: number | null) => (n === null ? "—" : String(n));
  return [
    `first byte ${t.firstByte}`,
    `HTML end ${t.htmlEnd} (${t.htmlKb} kB)`,
    `CSS ${ms(t.cssEnd)}`,
    `first paint ${ms(t.firstPaint)}`,
    `figures ${ms(t.figures)}`,
    `scripts ${ms(t.scriptsEnd)}`,
    `DOMContentLoaded ${t.domContentLoaded}`,
    `hydrated ${ms(t.hydrated)}`,
    `long tasks before it ${t.longTasksMs} ms (${t.longTasks})`,
  ].join(", ");
}

export interface ViewTimings {
  view: string;
  key: PageKeyName;
  /** One per visit, in the order taken; each cold one on its own fresh dashboard process. */
  cold: Visit[];
  warm: Visit[];
  error?: string;
}

export interface PageTimingsRun {
  /** "this checkout", or the baseline's ref and commit. */
  label: string;
  views: ViewTimings[];
}

export const SECRET = "bench-secret-bench-secret-bench-secret-0123";
const OWNER = { name: "Bench Owner", email: "owner@bench.example", password: "a long bench password" };
/** esbuild (through tsx) may wrap named functions in `__name(…)`, which the browser does not have. */
const PROBE_SCRIPT = `var __name = (f) => f; (${pageProbe.toString()})();`;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = PHASE_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export interface SignedIn {
  /** Cookies of the owner's session, for the browser. */
  cookies: { name: string; value: string }[];
  /** `/s/<token>` per shared view path. */
  sharePaths: Map<string, string>;
}

function cookiesOf(response: Response): { name: string; value: string }[] {
  return response.headers.getSetCookie().map((line) => {
    const pair = line.split(";")[0];
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * A dashboard with sign-in, made ready once per checkout in its own data folder: the first owner
 * (through the setup link it prints), their session, and a share link per shared view. Its own
 * process, stopped after, so that no measured process has served a request before.
 */
export async function prepareSignIn(dashboard: Running, views: readonly PageView[]): Promise<SignedIn> {
  const origin = dashboard.url;
  // The double-submit CSRF token the dashboard's pages set and its API checks (lib/security/csrf.ts).
  const csrf = randomBytes(24).toString("hex");
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin,
        cookie: [`${CSRF_COOKIE}=${csrf}`, cookie].filter(Boolean).join("; "),
        [CSRF_HEADER]: csrf,
      },
      body: JSON.stringify(body),
    });
  // Next runs the instrumentation that prints the setup link on the first request.
  await fetch(`${origin}/api/me`).then((r) => r.body?.cancel());
  const token = await until(
    "the setup link on the dashboard's console",
    async () => /Create the first owner at \S+\/setup\/(\S+)/.exec(dashboard.service.output())?.[1],
    30_000,
  );
  const setup = await post("/api/setup", { token, ...OWNER });
  if (setup.status !== 201)
    throw new Error(`setting up the owner answered ${setup.status}: ${(await setup.text()).slice(0, 200)}`);
  const signIn = await post("/api/auth/sign-in/email", { email: OWNER.email, password: OWNER.password });
  if (!signIn.ok) throw new Error(`signing in answered ${signIn.status}: ${(await signIn.text()).slice(0, 200)}`);
  const cookies = cookiesOf(signIn);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const sharePaths = new Map<string, string>();
  for (const view of views.filter((v) => v.shared)) {
    const query = new URL(view.path, origin).search;
    const created = await post("/api/w/default/shares", { name: view.name, query }, cookie);
    if (created.status !== 201)
      throw new Error(`creating a share link answered ${created.status}: ${(await created.text()).slice(0, 200)}`);
    const { url } = (await created.json()) as { url: string };
    sharePaths.set(view.path, new URL(url).pathname);
  }
  return { cookies, sharePaths };
}

async function visit(
  browser: Browser,
  url: string,
  proxy: CountingProxy,
  cookies: SignedIn["cookies"],
  changeView = false,
): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url })));
    await context.addInitScript({ content: PROBE_SCRIPT });
    const traffic = new BrowserTraffic();
    traffic.watch(context);
    const page = await context.newPage();
    const before = {
      upstream: proxy.snapshot(),
      api: traffic.api,
      logged: proxy.log().length,
      apiLogged: traffic.apiPaths.length,
    };
    const read = () => page.evaluate(() => (window as unknown as { __pageBench?: ProbeReading }).__pageBench);
    let error: string | undefined;
    const navigatedAt = Date.now();
    try {
      await page.goto(url, { waitUntil: "commit", timeout: PHASE_TIMEOUT_MS });
      await until("a settled first screen", async () => {
        const probe = await read();
        return typeof probe?.settled === "number" ? probe : undefined;
      });
      await waitQuiet(proxy, traffic);
    } catch (err) {
      error = message(err);
    }
    const probe = await read().catch(() => undefined);
    const round = (n: number | null | undefined) => (typeof n === "number" ? Math.round(n) : null);
    const marks = await page.evaluate<ReturnType<typeof readTimeline>>(TIMELINE_SCRIPT).catch(() => undefined);
    const tasksBefore = (at: number | null | undefined) =>
      (probe?.longTasks ?? []).filter(([start]) => at === null || at === undefined || start < at);
    const timeline: Timeline | undefined = marks && {
      ...marks,
      figures: round(probe?.figures),
      hydrated: round(probe?.hydrated),
      longTasksMs: tasksBefore(probe?.hydrated).reduce((sum, [, duration]) => sum + duration, 0),
      longTasks: tasksBefore(probe?.hydrated).length,
    };
    // After the visit's own requests are counted: the change makes its own.
    const upstream = diffCounts(before.upstream, proxy.snapshot());
    const api = traffic.api - before.api;
    const ends = { logged: proxy.log().length, apiLogged: traffic.apiPaths.length };
    const viewChange = changeView && !error ? await timeViewChange(page) : undefined;
    return {
      timeline,
      viewChange,
      waitingOn: typeof probe?.settled === "number" ? undefined : (probe?.waitingOn ?? null),
      figuresMs: round(probe?.figures),
      chartMs: round(probe?.chart),
      settledMs: round(probe?.settled),
      api,
      upstream,
      requests: proxy
        .log()
        .slice(before.logged, ends.logged)
        .map((f) => ({
          request: f.request,
          status: f.status,
          leftMs: f.startedAt - navigatedAt,
          endedMs: f.endedAt - navigatedAt,
        })),
      apiRequests: traffic.apiPaths
        .slice(before.apiLogged, ends.apiLogged)
        .map((a) => ({ path: a.path, repliedMs: a.at - navigatedAt })),
      error,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Runs in the page: resolves with performance.now() at the first frame where the URL's compare=
 * is as wanted and the key figures show numbers and are not marked as updating.
 */
function figuresFor(compareOn: boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      const group = document.querySelector('[role="group"][aria-label="Key figures"]');
      const value = group?.querySelector("[data-kpi-value]");
      const compare = new URL(location.href).searchParams.has("compare");
      if (compare === compareOn && group?.getAttribute("aria-busy") === "false" && /\d/.test(value?.textContent ?? ""))
        resolve(performance.now());
      else requestAnimationFrame(check);
    };
    check();
  });
}

async function timeViewChange(page: Page): Promise<NonNullable<Visit["viewChange"]>> {
  const change = async (compareOn: boolean) => {
    const start = await page.evaluate(() => performance.now());
    await page.locator("body").press("x");
    const shown = await Promise.race([
      page.evaluate(`var __name = (f) => f; (${figuresFor.toString()})(${compareOn})`) as Promise<number>,
      sleep(PHASE_TIMEOUT_MS).then(() => null),
    ]);
    return shown === null ? null : Math.round(shown - start);
  };
  try {
    const newMs = await change(true);
    return { newMs, cachedMs: newMs === null ? null : await change(false) };
  } catch (err) {
    return { newMs: null, cachedMs: null, error: message(err) };
  }
}

/** The reply cache's TTL for the measured dashboards: longer than a cold visit at any load (the default is 10 s). */
const WARM_CACHE_TTL_MS = 5 * 60_000;

/** A view no measured one shares a reply with. */
const WARM_UP_QUERY = "event=leads&interval=1y&timezone=Pacific%2FAuckland";
/** The pro key's window (2 requests per second) is whole again after this. */
const BUDGET_REFILL_MS = 1_500;

/**
 * A fresh `next start` loads a route's code on its first request (seconds on a busy machine),
 * which is a restart's cost, not a view's: the page and the API routes are asked once for a view
 * that shares no reply with the measured ones, then the key's rate window is left to refill.
 */
async function warmUp(origin: string, cookies: SignedIn["cookies"]): Promise<void> {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (const path of [
    `/?${WARM_UP_QUERY}`,
    `/api/w/default/analytics?${WARM_UP_QUERY}&groupBy=count`,
    `/api/w/default/events?${WARM_UP_QUERY}&limit=1`,
  ]) {
    const reply = await fetch(`${origin}${path}`, { headers: { cookie } });
    await reply.body?.cancel();
  }
  await sleep(BUDGET_REFILL_MS);
}

/** One checkout the page step measures, and where its figures go. */
export interface PageTimingsTarget {
  /** The checkout whose .next-bench build runs (undefined: this one). */
  root?: string;
  out: PageTimingsRun;
}

export interface PageTimingsOptions {
  browser: Browser;
  /** The counting proxy in front of the platform: the dashboard's upstream. */
  proxy: CountingProxy;
  /** Taking turns visit by visit: the baseline then this checkout, or this one alone. */
  targets: readonly PageTimingsTarget[];
  views?: readonly PageView[];
  /** Both unless said. */
  keys?: readonly PageKey[];
  /** Visits per cell (view × key × cold/warm × checkout). */
  visits: number;
  /** Also list each visit's upstream requests. */
  verbose?: boolean;
  log: (line: string) => void;
}

const brief = (v: Visit) =>
  `${v.figuresMs ?? "—"}/${v.chartMs ?? "—"}/${v.settledMs ?? "—"} ms, ${v.api} api, ${total(v.upstream)} upstream${v.error ? ` (${v.error})` : ""}`;

function logVisits(log: (line: string) => void, cold: Visit, warm: Visit): void {
  for (const [phase, v] of [
    ["cold", cold],
    ["warm", warm],
  ] as const) {
    log(`    ${phase} upstream: ${total(v.upstream) ? describeCounts(v.upstream) : "none"}`);
    for (const r of [...v.requests].sort((a, b) => a.leftMs - b.leftMs))
      log(`      ${r.leftMs} → ${r.endedMs} ms ${r.status} ${r.request}`);
    for (const a of v.apiRequests) log(`      browser: ${a.path} answered at ${a.repliedMs} ms`);
    if (v.timeline) log(`      timeline: ${describeTimeline(v.timeline)}`);
    if (v.waitingOn) log(`      never settled, waiting on: ${v.waitingOn}`);
  }
}

/**
 * One cold visit and one warm one: a fresh dashboard process (so nothing in its reply cache; the
 * view is one nobody opened before, as a range the cache has not seen would be, but with the very
 * same requests every time) and a new browser context per visit (nothing in the browser's cache).
 */
async function coldAndWarm(
  options: PageTimingsOptions,
  root: string | undefined,
  signIn: { secret: string; dataDir: string },
  signedIn: SignedIn,
  apiKey: string,
  view: PageView,
): Promise<{ cold: Visit; warm: Visit }> {
  const { browser, proxy } = options;
  // The warm visit is the one whose replies are in the dashboard's cache: on a loaded machine the
  // cold visit can outlast the cache's 10 s, and the warm one was then a second cold one.
  const dashboard = await startDashboard({ upstream: proxy.url, apiKey, root, signIn, cacheTtlMs: WARM_CACHE_TTL_MS });
  try {
    const path = view.shared ? signedIn.sharePaths.get(view.path) : view.path;
    if (!path) throw new Error(`no share link for ${view.path}`);
    const url = `${dashboard.url}${path}`;
    const cookies = view.shared ? [] : signedIn.cookies;
    await warmUp(dashboard.url, signedIn.cookies);
    const cold = await visit(browser, url, proxy, cookies);
    const warm = await visit(browser, url, proxy, cookies, !view.shared);
    return { cold, warm };
  } finally {
    await dashboard.service.stop();
  }
}

/** Fills each target's `out.views` view by view, so a failure still leaves what was measured before it. */
export async function measurePageTimings(options: PageTimingsOptions): Promise<void> {
  const { log } = options;
  const views = options.views ?? PAGE_VIEWS;
  const prepared: { target: PageTimingsTarget; signIn: { secret: string; dataDir: string }; signedIn: SignedIn }[] = [];
  try {
    for (const target of options.targets) {
      const dataDir = mkdtempSync(join(tmpdir(), "linklens-bench-page-"));
      const signIn = { secret: SECRET, dataDir };
      const setupDashboard = await startDashboard({
        upstream: options.proxy.url,
        apiKey: "demo_business_key",
        root: target.root,
        signIn,
      });
      try {
        prepared.push({ target, signIn, signedIn: await prepareSignIn(setupDashboard, views) });
      } catch (err) {
        rmSync(dataDir, { recursive: true, force: true });
        throw err;
      } finally {
        await setupDashboard.service.stop();
      }
    }
    for (const { name: key, key: apiKey } of PAGE_KEYS.filter((k) => !options.keys || options.keys.includes(k.name))) {
      for (const view of views) {
        const cells = prepared.map((p) => {
          const timings: ViewTimings = { view: view.name, key, cold: [], warm: [] };
          p.target.out.views.push(timings);
          return { ...p, timings };
        });
        for (let n = 1; n <= options.visits; n++) {
          for (const { target, signIn, signedIn, timings } of cells) {
            if (timings.error) continue;
            try {
              const { cold, warm } = await coldAndWarm(options, target.root, signIn, signedIn, apiKey, view);
              timings.cold.push(cold);
              timings.warm.push(warm);
              log(`  ${key} ${view.name}, ${target.out.label}, visit ${n}: cold ${brief(cold)}; warm ${brief(warm)}`);
              if (options.verbose) logVisits(log, cold, warm);
            } catch (err) {
              timings.error = message(err);
              log(`  ${key} ${view.name}, ${target.out.label}: ${timings.error}`);
            }
          }
        }
      }
    }
  } finally {
    for (const { signIn } of prepared) rmSync(signIn.dataDir, { recursive: true, force: true });
  }
}
