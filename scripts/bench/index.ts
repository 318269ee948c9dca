// npm run bench -- --store clickhouse [...]: the filtered mix and ingest on ClickHouse beside DuckDB (clickhouse.ts).
// npm run bench [-- --clicks N --days D --samples N --warmup N --only events,analytics,filtered,proxy,bundle,pages,page,live,ingest --verbose --seconds S --baseline REF --keys pro,business --views WORDS --visits N]
// Seeds .bench/bench1m.duckdb once, then measures GET /events (issue 2), GET /analytics
// (issue 4), a filtered mix over a year beside the same on 1M clicks (issue 16), the dashboard
// proxy's overhead and first-visit JavaScript (issue 3), and the upstream requests of a whole
// page with the pro key (issue 4 §4), what a person waits for per view, cold and warm, on the pro
// and business keys, beside another commit with --baseline <ref> (issue 20), event → browser latency through webhook and SSE with
// clicks recorded per second through the resolver (issue 15, on a small seed of its own), and
// redirects, leads and sales per second through a writable platform, before/after with --baseline (issue 24). Ends with a summary.
import { loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { benchAnalytics, benchAnalyticsSql } from "./analytics";
import { benchClickHouse } from "./clickhouse";
import { parseBenchArgs, UsageError, USAGE, type BenchArgs } from "./args";
import { ensureBuild } from "./build";
import { measureFirstVisitJs } from "./bundle";
import { startCountingProxy } from "./countingProxy";
import { benchEventsHttp, benchEventsSql, EVENTS_PACE_MS } from "./events";
import { benchFiltered, REFERENCE_CLICKS } from "./filtered";
import { benchLive, LIVE_SEED_CLICKS } from "./live";
import { benchIngest } from "./ingestStep";
import { prepareBaseline } from "./baseline";
import { measurePageRequests } from "./pageRequests";
import { measurePageTimings, PAGE_VIEWS, type PageTimingsRun, type PageTimingsTarget } from "./pageTimings";
import { stopAll, stopChildrenOnExit } from "./processes";
import { benchCachedReplies, benchProxyOverhead } from "./proxyOverhead";
import { machineLine, summary } from "./report";
import { measuredAnything, type Results } from "./results";
import { ensureSeed } from "./seedData";
import { PLATFORM_PORT, startDashboard, startPlatform, type Running } from "./services";

const CHROMIUM = "/usr/bin/chromium";
const benchStarted = performance.now();
const since = () => `${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => console.log(`[${since()}] ${line}`);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function parse(): BenchArgs {
  try {
    const parsed = parseBenchArgs(process.argv.slice(2));
    if (parsed === "help") {
      console.log(USAGE);
      process.exit(0);
    }
    return parsed;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`bench: ${err.message} (${USAGE})`);
      process.exit(2);
    }
    throw err;
  }
}

async function main(): Promise<number> {
  if (process.argv.slice(2).some((arg) => arg === "--store" || arg.startsWith("--store="))) {
    try {
      return await benchClickHouse(process.argv.slice(2));
    } catch (err) {
      console.error(`bench: ${message(err)}`);
      return 2;
    }
  }
  const args = parse();
  stopChildrenOnExit();
  const results: Results = { machineAtStart: machineLine(), loadAtStart: loadavg()[0], errors: [] };
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    log(`▶ ${name}`);
    const started = performance.now();
    try {
      const value = await run();
      log(`◀ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      return value;
    } catch (err) {
      results.errors.push({ step: name, message: message(err) });
      log(`✗ ${name} failed: ${message(err)}`);
      return undefined;
    }
  };
  const has = (s: Parameters<BenchArgs["steps"]["has"]>[0]) => args.steps.has(s);
  const pace = { warmup: args.warmup, samples: args.samples };
  log(`machine: ${results.machineAtStart}`);

  const seeded = async (clicks: number, days: number) => {
    const seed = await ensureSeed(clicks, days);
    log(
      seed.seconds !== undefined
        ? `  seeded ${seed.file} in ${(seed.reportedSeconds ?? seed.seconds).toFixed(1)} s (seed script; ${seed.seconds.toFixed(1)} s wall)`
        : `  reusing ${seed.file}`,
    );
    return seed;
  };
  // The live step seeds a small file of its own; every other step reads the main one.
  const needsMainSeed = [...args.steps].some((s) => s !== "live" && s !== "ingest");
  if (needsMainSeed) {
    results.seed = await step(`seed ${args.clicks} clicks over ${args.days} days if missing`, () =>
      seeded(args.clicks, args.days),
    );
    if (!results.seed) {
      console.log(summary(results, args, (performance.now() - benchStarted) / 1000));
      return 1;
    }
  }
  const file = results.seed?.file;

  const needsDashboard = has("proxy") || has("bundle") || has("pages") || has("page") || has("live");
  if (needsDashboard) {
    results.build = await step("build the dashboard into .next-bench if missing or stale", async () => {
      const build = await ensureBuild();
      log(
        build.reason
          ? `  built (${build.reason}) in ${build.seconds?.toFixed(0)} s${build.tsconfigRestored ? "; tsconfig.json put back as it was" : ""}`
          : "  build is current",
      );
      return build;
    });
  }

  let browser: Browser | undefined;
  const launch = async (): Promise<Browser> => {
    browser ??= await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    return browser;
  };

  try {
    const needsPlatform =
      has("events") ||
      has("analytics") ||
      has("filtered") ||
      has("proxy") ||
      has("bundle") ||
      has("pages") ||
      has("page");
    const platform: Running | undefined =
      needsPlatform && file
        ? await step(`start the platform on :${PLATFORM_PORT}`, () => startPlatform(file))
        : undefined;
    if (platform) {
      if (has("events"))
        results.eventsHttp = await step("GET /events over HTTP", () => benchEventsHttp(platform.url, pace));
      if (has("analytics"))
        results.analyticsHttp = await step("GET /analytics over HTTP", () => benchAnalytics(platform.url, pace));
      if (has("filtered"))
        results.filtered = await step("filtered mix over a year over HTTP", () =>
          benchFiltered(platform.url, pace, platform.service.pid),
        );

      if (needsDashboard && results.build) {
        if (has("proxy") || has("bundle")) {
          const dashboard = await step("start the dashboard (business key, LINK_CACHE_TTL_MS=0)", () =>
            startDashboard({ upstream: platform.url, apiKey: "demo_business_key", cacheTtlMs: 0 }),
          );
          if (dashboard) {
            if (has("proxy"))
              results.proxy = await step("proxy overhead: /api/events vs /events", () =>
                benchProxyOverhead(platform.url, dashboard.url, pace, {
                  platform: platform.service.pid,
                  dashboard: dashboard.service.pid,
                }),
              );
            if (has("bundle"))
              results.bundle = await step("first-visit JavaScript", async () =>
                measureFirstVisitJs(await launch(), `${dashboard.url}/`),
              );
            await step("stop the dashboard", () => dashboard.service.stop());
          }
          if (has("proxy")) {
            const cached = await step("start the dashboard (business key, its response cache on)", () =>
              startDashboard({ upstream: platform.url, apiKey: "demo_business_key" }),
            );
            if (cached) {
              results.cachedReplies = await step("cached replies through the proxy", () =>
                benchCachedReplies(cached.url, pace),
              );
              await step("stop the dashboard", () => cached.service.stop());
            }
          }
        }
        if (has("pages")) {
          await step("page requests with the pro key", async () => {
            const proxy = await startCountingProxy(platform.url);
            try {
              const dashboard = await startDashboard({ upstream: proxy.url, apiKey: "demo_pro_key" });
              try {
                results.pages = { phases: [], repeatAfterMs: 0 };
                await measurePageRequests(await launch(), dashboard.url, proxy, results.pages);
              } finally {
                await dashboard.service.stop();
              }
            } finally {
              await proxy.close();
            }
          });
        }
        if (has("page")) {
          const baseline = args.baseline
            ? await step(`check out and build ${args.baseline} for the baseline if missing`, () =>
                prepareBaseline(args.baseline ?? "", log),
              )
            : undefined;
          const views = args.views
            ? PAGE_VIEWS.filter((v) => args.views?.some((word) => v.name.toLowerCase().includes(word)))
            : undefined;
          await step("what a person waits for, per view, cold and warm, pro and business keys", async () => {
            const proxy = await startCountingProxy(platform.url);
            try {
              const current: PageTimingsRun = { label: "this checkout", views: [] };
              results.page = { current };
              const targets: PageTimingsTarget[] = [];
              if (baseline) {
                results.page.baseline = { label: `${baseline.ref} (${baseline.commit.slice(0, 9)})`, views: [] };
                targets.push({ root: baseline.root, out: results.page.baseline });
              }
              targets.push({ out: current });
              // Visit by visit, the baseline then this checkout (A B A B…): the load's drift falls on both.
              await measurePageTimings({
                browser: await launch(),
                proxy,
                targets,
                keys: args.keys,
                views,
                visits: args.visits,
                verbose: args.verbose,
                log,
              });
            } finally {
              await proxy.close();
            }
          });
        }
      } else if (needsDashboard) {
        results.errors.push({ step: "dashboard steps", message: "skipped: no usable build" });
      }
      await step("stop the platform", () => platform.service.stop());
    }
    if (has("live")) {
      if (results.build) {
        results.live = await step(
          "live: event → browser through webhook and SSE, clicks per second through the resolver",
          async () => {
            const seed = await seeded(LIVE_SEED_CLICKS, 90);
            return { seed, result: await benchLive(seed.file, pace, log) };
          },
        );
      } else {
        results.errors.push({ step: "live", message: "skipped: no usable build" });
      }
    }
    if (has("ingest")) {
      results.ingest = await step("ingest: redirects, leads and sales per second through a writable platform", () =>
        benchIngest({ seconds: args.seconds, baseline: args.baseline }, (clicks, days) => seeded(clicks, days), log),
      );
    }
    if (has("filtered") && results.filtered && args.clicks !== REFERENCE_CLICKS) {
      results.filteredReference = await step(
        `the filtered mix on ${REFERENCE_CLICKS} clicks over ${args.days} days`,
        async () => {
          const seed = await ensureSeed(REFERENCE_CLICKS, args.days);
          const reference = await startPlatform(seed.file);
          try {
            return { seed, result: await benchFiltered(reference.url, pace, reference.service.pid) };
          } finally {
            await reference.service.stop();
          }
        },
      );
    }

    // In-process on the file, with the platform stopped, at the HTTP pace.
    if (has("events") && file)
      results.eventsSql = await step("GET /events: its SQL directly on DuckDB, then listEvents() in-process", () =>
        benchEventsSql(file, { ...pace, paceMs: EVENTS_PACE_MS }),
      );
    if (has("analytics") && file)
      results.analyticsSql = await step("GET /analytics SQL in-process", () =>
        benchAnalyticsSql(file, { ...pace, paceMs: 260 }),
      );
  } finally {
    await browser?.close().catch(() => undefined);
    await stopAll();
  }

  console.log(`\n${summary(results, args, (performance.now() - benchStarted) / 1000)}`);
  return measuredAnything(results) ? 0 : 1;
}

process.exitCode = await main();
