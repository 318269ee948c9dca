// Rate budget for a whole page (issue 4, section 4): upstream requests per first view, per
// filter change and per repeat view within the cache TTL, counted by a proxy between the
// dashboard and the platform, with the pro key (2 requests per second).
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { diffCounts, type CountingProxy, type Counts, type Forwarded } from "./countingProxy";
import { sleep } from "./stats";

export const VIEW = "/?interval=30d";
export const VIEWPORT = { width: 1280, height: 720 };
const QUIET_MS = 1000;
export const PHASE_TIMEOUT_MS = 60_000;

export interface Phase {
  name: string;
  /** Upstream requests by "METHOD /path status". */
  upstream: Counts;
  /** The same requests one by one, with their query strings. */
  requests: Forwarded[];
  /** Browser requests to the dashboard's /api/*. */
  browserApi: number;
  browser429: number;
  seconds: number;
  note?: string;
}

export interface PageRequestsResult {
  phases: Phase[];
  /** Time from the first view's start to the repeat view's start. */
  repeatAfterMs: number;
}

/** Requests the browser has in flight, and 429s it received, across contexts. */
export class BrowserTraffic {
  inFlight = 0;
  last = Date.now();
  api = 0;
  /** Each of those: its path and query, and when its reply came (epoch ms). */
  readonly apiPaths: { path: string; at: number }[] = [];
  limited = 0;

  watch(context: BrowserContext): void {
    context.on("request", () => {
      this.inFlight += 1;
      this.last = Date.now();
    });
    const settle = () => {
      this.inFlight = Math.max(0, this.inFlight - 1);
      this.last = Date.now();
    };
    context.on("requestfinished", settle);
    context.on("requestfailed", settle);
    context.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/api/")) {
        this.api += 1;
        this.apiPaths.push({ path: `${url.pathname}${url.search}`, at: Date.now() });
      }
      if (response.status() === 429) this.limited += 1;
    });
  }
}

/** Both the browser and the upstream proxy idle for QUIET_MS. */
export async function waitQuiet(proxy: CountingProxy, traffic: BrowserTraffic): Promise<void> {
  const deadline = Date.now() + PHASE_TIMEOUT_MS;
  for (;;) {
    const idle = proxy.inFlight() === 0 && traffic.inFlight === 0;
    if (idle && Date.now() - Math.max(proxy.lastActivity(), traffic.last) >= QUIET_MS) return;
    if (Date.now() > deadline) throw new Error(`traffic did not settle within ${PHASE_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + PHASE_TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The KPI tiles show a number for clicks and nothing is fetching. */
async function kpisReady(page: Page): Promise<void> {
  const group = page.getByRole("group", { name: "Key figures", exact: true });
  const clicks = group.getByRole("group", { name: "Clicks", exact: true }).locator("[data-kpi-value]");
  await clicks.waitFor({ state: "visible", timeout: PHASE_TIMEOUT_MS });
  await until(
    "the KPI tiles to show numbers",
    async () => (await group.getAttribute("aria-busy")) === "false" && /\d/.test(await clicks.innerText()),
  );
}

/** Fills `out` phase by phase, so a failure still leaves the phases measured before it. */
export async function measurePageRequests(
  browser: Browser,
  dashboardUrl: string,
  proxy: CountingProxy,
  out: PageRequestsResult,
): Promise<void> {
  const traffic = new BrowserTraffic();
  const contexts: BrowserContext[] = [];
  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    contexts.push(context);
    traffic.watch(context);
    return context.newPage();
  };
  const phases = out.phases;
  const phase = async (name: string, run: () => Promise<string | void>): Promise<void> => {
    const before = { counts: proxy.snapshot(), logged: proxy.log().length, api: traffic.api, limited: traffic.limited };
    const started = performance.now();
    const note = await run();
    await waitQuiet(proxy, traffic);
    phases.push({
      name,
      upstream: diffCounts(before.counts, proxy.snapshot()),
      requests: proxy.log().slice(before.logged),
      browserApi: traffic.api - before.api,
      browser429: traffic.limited - before.limited,
      seconds: (performance.now() - started) / 1000,
      note: note || undefined,
    });
  };

  try {
    const first = await newPage();
    const firstStarted = Date.now();
    await phase("first view", async () => {
      await first.goto(`${dashboardUrl}${VIEW}`, { waitUntil: "networkidle", timeout: PHASE_TIMEOUT_MS });
      await kpisReady(first);
    });

    // Within the TTL of what the first view fetched: right after it, in a fresh context.
    await phase("repeat view (fresh context)", async () => {
      const repeatAfterMs = Date.now() - firstStarted;
      out.repeatAfterMs = repeatAfterMs;
      const again = await newPage();
      await again.goto(`${dashboardUrl}${VIEW}`, { waitUntil: "networkidle", timeout: PHASE_TIMEOUT_MS });
      await kpisReady(again);
      return `started ${(repeatAfterMs / 1000).toFixed(1)} s after the first view`;
    });

    const locations = first.getByRole("region", { name: "Locations", exact: true });
    const firstCountry = locations
      .getByRole("list", { name: "Countries" })
      .getByRole("button", { name: /^Filter by country / })
      .first();
    await phase("scroll to the Locations card", async () => {
      await locations.scrollIntoViewIfNeeded({ timeout: PHASE_TIMEOUT_MS });
      await firstCountry.waitFor({ state: "visible", timeout: PHASE_TIMEOUT_MS });
      return "lazy card loads when scrolled into view";
    });

    await phase("filter change (click a country)", async () => {
      const label = (await firstCountry.getAttribute("aria-label")) ?? "";
      await firstCountry.click();
      await until("country= in the URL", async () => new URL(first.url()).searchParams.has("country"));
      await kpisReady(first);
      return `${label.replace("Filter by ", "")} → ${new URL(first.url()).search}`;
    });

    // What comparing costs with the Locations card on screen: the chart's second series replaces
    // the previous period's count (0 more), the card's grouping over the compared period (1 more).
    await phase("comparison on (X), Locations card in view", async () => {
      await first.locator("body").press("x");
      await until("compare= in the URL", async () => new URL(first.url()).searchParams.get("compare") === "previous");
      await locations.locator("[data-row-change]").first().waitFor({ state: "visible", timeout: PHASE_TIMEOUT_MS });
      await until(
        "the rows' changes",
        async () => !/…/.test(await locations.locator("[data-row-change]").first().innerText()),
      );
      return new URL(first.url()).search;
    });

    await phase("comparison: the year before (picker)", async () => {
      await first.getByRole("button", { name: /^Compare: / }).click();
      await first.getByRole("dialog", { name: "Comparison" }).getByRole("radio", { name: "Year before" }).check();
      await until("compare=year in the URL", async () => new URL(first.url()).searchParams.get("compare") === "year");
      await first.keyboard.press("Escape");
      await kpisReady(first);
      return new URL(first.url()).search;
    });
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  }
}
