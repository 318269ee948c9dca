import { cpus, loadavg } from "node:os";
import { ANALYTICS_CASES } from "./analytics";
import type { BenchArgs } from "./args";
import { JS_BUDGET_KB } from "./bundle";
import { describeCounts, total, withStatus } from "./countingProxy";
import { EVENT_CASES, EVENTS_PACE_MS } from "./events";
import { FILTERED_CASES, REFERENCE_CLICKS, type FilteredResult } from "./filtered";
import { ingestSection } from "./ingestReport";
import { CONCURRENCY, LIVE_RATE, THROUGHPUT_SECONDS } from "./live";
import { pageSection } from "./pageReport";
import { VIEW, VIEWPORT } from "./pageRequests";
import { CACHED_PACE_MS, PROXY_CASES, PROXY_PACE_MS, type ProxyCpu, type ProxyOverheadResult } from "./proxyOverhead";
import type { Results } from "./results";
import type { SeedInfo } from "./seedData";
import { ratio } from "./stats";
import { goal, ms, table } from "./table";

const EVENTS_P50_GOAL_MS = 20;
const HTTP_SQL_GOAL = 1.5;
const ANALYTICS_GOAL_MS = 30;
const PROXY_GOAL = 1.3;
/** A cached reply through the proxy adds at most this, p50 (issue 20). */
const CACHED_GOAL_MS = 5;
const LIVE_P95_GOAL_MS = 1000;
const DEFAULT_TTL_S = 10;
/** A one-minute load above this before the bench starts means something else is running. */
const BUSY_LOAD = 1;

export const machineLine = (): string =>
  `${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}, node ${process.version}`;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function section(title: string, body: string): string {
  return `\n${title}\n${body}`;
}

function eventsSection(r: Results, args: BenchArgs): string {
  if (!r.eventsHttp && !r.eventsSql) return section("GET /events (issue 2)", "  not measured (see errors)");
  const rows = EVENT_CASES.map((c) => {
    const h = r.eventsHttp?.[c.name]?.figures;
    const s = r.eventsSql?.[c.name];
    const rat = ratio(h?.p50, s?.figures.p50);
    const goals = [
      c.goal ? `p50<${EVENTS_P50_GOAL_MS}ms ${goal(h?.p50, EVENTS_P50_GOAL_MS)}` : "",
      `ratio<${HTTP_SQL_GOAL} ${goal(rat === "—" ? undefined : Number(rat), HTTP_SQL_GOAL)}`,
    ].filter(Boolean);
    return [
      c.name,
      String(r.eventsHttp?.[c.name]?.rows ?? s?.rows ?? "—"),
      s ? `${s.statements} in ${s.waves}` : "—",
      ms(h?.p50),
      ms(h?.p95),
      ms(s?.figures.p50),
      ms(s?.figures.p95),
      rat,
      ratio(h?.p95, s?.figures.p95),
      ms(s?.listEvents.p50),
      ms(s?.listEvents.p95),
      goals.join(", "),
    ];
  });
  const limited = Object.values(r.eventsHttp ?? {}).reduce((n, x) => n + x.limited, 0);
  return section(
    `GET /events (issue 2): ms, ${args.samples} samples per case after ${args.warmup} warm-up, one start every ${EVENTS_PACE_MS} ms on every side`,
    table(
      [
        "case",
        "rows",
        "statements",
        "HTTP p50",
        "HTTP p95",
        "SQL p50",
        "SQL p95",
        "HTTP/SQL p50",
        "HTTP/SQL p95",
        "listEvents p50",
        "listEvents p95",
        "goals",
      ],
      rows,
    ) +
      `\n  HTTP: business key, real rate limits; 429s met: ${limited}.` +
      "\n  SQL: the statements (with their values) one warm listEvents() call sends, recorded, then run directly on DuckDB connections" +
      '\n  of the same file opened as the platform opens it, platform stopped; a round\'s statements side by side ("2 in 2": two rounds).' +
      "\n  listEvents: the query function in-process (parse, the same statements through the connection pool, rows into events).",
  );
}

function analyticsSection(r: Results, args: BenchArgs): string {
  if (!r.analyticsHttp && !r.analyticsSql) return section("GET /analytics (issue 4)", "  not measured (see errors)");
  const rows = Object.keys(ANALYTICS_CASES).map((name) => {
    const h = r.analyticsHttp?.[name];
    const s = r.analyticsSql?.[name];
    return [
      name,
      ms(h?.p50),
      ms(h?.p95),
      ms(s?.p50),
      ms(s?.p95),
      ratio(h?.p50, s?.p50),
      `HTTP p50<${ANALYTICS_GOAL_MS}ms ${goal(h?.p50, ANALYTICS_GOAL_MS)}`,
    ];
  });
  return section(
    `GET /analytics (issue 4): ms, ${args.samples} samples per case, one start every 260 ms on both sides; 30d reads a third of the seeded clicks, all every one`,
    table(["case", "HTTP p50", "HTTP p95", "SQL p50", "SQL p95", "HTTP/SQL", "goal"], rows) +
      "\n  SQL: queryAnalytics() in-process on the same file, platform stopped (scripts/bench/analytics.ts).",
  );
}

function filteredSection(r: Results, args: BenchArgs): string {
  const title = "Filtered requests at scale (issue 16)";
  const own = r.filtered;
  if (!own) return section(title, "  not measured (see errors)");
  const ref = r.filteredReference;
  const millions = (clicks: number) => `${clicks / 1_000_000}M`;
  const here = millions(args.clicks);
  const there = ref ? millions(ref.seed.clicks) : "";
  const rows = FILTERED_CASES.map((c) => {
    const h = own.figures[c.name];
    const x = ref?.result.figures[c.name];
    return [
      c.name,
      ms(h?.p50),
      ms(h?.p95),
      ...(ref ? [ms(x?.p50), ms(x?.p95), ratio(h?.p50, x?.p50)] : []),
      `p50<${c.goalMs}ms ${goal(h?.p50, c.goalMs)}`,
    ];
  });
  const header = [
    "case",
    `${here} p50`,
    `${here} p95`,
    ...(ref ? [`${there} p50`, `${there} p95`, `${here}/${there} p50`] : []),
    "goal",
  ];
  const limited = own.limited + (ref?.result.limited ?? 0);
  return section(
    `${title}: HTTP ms, ${args.samples} samples per case after ${args.warmup} warm-up, one start every ${EVENTS_PACE_MS} ms, ${args.days} days of clicks`,
    table(header, rows) +
      `\n  Business key, real rate limits; 429s met: ${limited}. /analytics cases over interval=1y; /events pages of 100.` +
      servingMemory(here, own) +
      (ref ? servingMemory(`${there} (${seedFigures(ref.seed).slice(2) || ref.seed.file})`, ref.result) : "") +
      (ref
        ? `\n  ${there}: ${ref.seed.file} (${ref.seed.days} days), measured right after, on the same platform build; the ratio shows how cost grows with data.`
        : args.clicks === REFERENCE_CLICKS
          ? ""
          : `\n  No ${millions(REFERENCE_CLICKS)} figures beside them (see errors).`),
  );
}

function proxySection(r: Results, args: BenchArgs): string {
  const p = r.proxy;
  if (!p) return section("Proxy overhead (issue 3)", "  not measured (see errors)");
  const row = (name: string, d: number, x: number, d95: number, x95: number) => [
    name,
    ms(d),
    ms(x),
    ratio(x, d),
    `+${(x - d).toFixed(1)}`,
    ms(d95),
    ms(x95),
    `<${PROXY_GOAL} ${goal(x / d, PROXY_GOAL)}`,
  ];
  const rows = PROXY_CASES.filter((c) => p.cases[c.name]).map((c) => {
    const x = p.cases[c.name];
    return row(c.name, x.direct.p50, x.proxy.p50, x.direct.p95, x.proxy.p95);
  });
  rows.push(row("all pooled", p.all.direct.p50, p.all.proxy.p50, p.all.direct.p95, p.all.proxy.p95));
  return section(
    `Proxy overhead (issue 3): /api/events vs direct /events, ms, ${args.samples} pairs per case, alternating, one request every ${PROXY_PACE_MS} ms, LINK_CACHE_TTL_MS=0`,
    table(["case", "direct p50", "/api p50", "ratio", "ms", "direct p95", "/api p95", "goal"], rows) +
      `\n  429s met: ${p.limited}.` +
      cpuLines(p) +
      cachedLines(r),
  );
}

/** The same requests' CPU: what the wall ratio would be were the machine's cores not shared (see docs/benchmarks.md). */
function cpuLines(p: ProxyOverheadResult): string {
  const withCpu = PROXY_CASES.filter((c) => p.cases[c.name]?.cpu);
  if (!p.all.cpu || withCpu.length === 0) return "";
  const row = (name: string, cpu: ProxyCpu) => [
    name,
    cpu.platformDirect.toFixed(2),
    cpu.platformProxied.toFixed(2),
    cpu.dashboard.toFixed(2),
    ratio(cpu.dashboard + cpu.platformProxied, cpu.platformDirect),
    ratio(cpu.dashboard, cpu.platformDirect),
  ];
  const rows = withCpu.map((c) => row(c.name, p.cases[c.name].cpu as ProxyCpu));
  rows.push(row("all pooled", p.all.cpu));
  return (
    `\n\n  CPU per request, ms (every thread of each server, over each request's ${PROXY_PACE_MS} ms slot; the load barely moves it):\n` +
    table(["case", "platform direct", "platform for /api", "dashboard", "CPU ratio", "dashboard/platform"], rows) +
    `\n  CPU ratio: (dashboard + platform) per /api page over the platform per direct page. The dashboard's own background in the direct slots: ${p.all.cpu.dashboardIdle.toFixed(2)} ms per slot.`
  );
}

function cachedLines(r: Results): string {
  const c = r.cachedReplies;
  if (!c) return "\n  Cached replies: not measured (see errors).";
  const rows = PROXY_CASES.filter((x) => c.cases[x.name]).map((x) => [
    x.name,
    ms(c.cases[x.name].p50),
    ms(c.cases[x.name].p95),
    `<=${CACHED_GOAL_MS} ${goal(c.cases[x.name].p50, CACHED_GOAL_MS + 0.05)}`,
  ]);
  rows.push([
    "all pooled",
    ms(c.all.p50),
    ms(c.all.p95),
    `<=${CACHED_GOAL_MS} ${goal(c.all.p50, CACHED_GOAL_MS + 0.05)}`,
  ]);
  return (
    `\n\n  Cached replies through the proxy (X-Linklens-Cache: hit), ms end to end over loopback, one request every ${CACHED_PACE_MS} ms, default cache TTL:\n` +
    table(["case", "hit p50", "hit p95", "goal"], rows) +
    `\n  Replies that were not hits (not sampled): ${c.misses}.`
  );
}

function bundleSection(r: Results): string {
  const b = r.bundle;
  if (!b) return section("First-visit JavaScript (issue 3)", "  not measured (see errors)");
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const top = b.chunks
    .slice(0, 5)
    .map((c) => [c.path, kb(c.gzipBytes), kb(c.rawBytes), c.contains.join(" ") || "(app code?)"]);
  const r2 = b.totalGzipKb / JS_BUDGET_KB;
  return section(
    "First-visit JavaScript (issue 3): every script of the first load of /, gzip level 9 here, kB = 1000 bytes",
    `  total ${b.totalGzipKb.toFixed(1)} kB gzip (${b.totalRawKb.toFixed(1)} kB raw) in ${b.chunks.length} files; ` +
      `budget ${JS_BUDGET_KB} kB → ratio ${r2.toFixed(2)} (${r2 <= 1 ? "ok" : "MISS"})\n` +
      table(["top 5 chunks", "kB gzip", "kB raw", "contains (marker strings)"], top)
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n"),
  );
}

function pagesSection(r: Results, verbose: boolean): string {
  const p = r.pages;
  if (!p || p.phases.length === 0)
    return section("Rate budget for a whole page (issue 4 §4)", "  not measured (see errors)");
  const rows = p.phases.map((ph) => [
    ph.name,
    String(total(ph.upstream)),
    String(withStatus(ph.upstream, 429)),
    String(ph.browserApi),
    String(ph.browser429),
    ph.seconds.toFixed(1),
  ]);
  const details = p.phases
    .map((ph) => `  ${ph.name}: ${describeCounts(ph.upstream)}${ph.note ? ` (${ph.note})` : ""}`)
    .join("\n");
  // What went upstream request by request: always for the repeat view (a cache miss there
  // should be traceable), for every phase with --verbose.
  const listed = p.phases.filter((ph) => verbose || ph.name.startsWith("repeat view"));
  const repeatLines = listed
    .filter((ph) => ph.requests.length > 0)
    .map(
      (ph) =>
        `\n  ${ph.name} sent upstream:\n${ph.requests.map((f) => `    ${f.status} ${safeDecode(f.request)}`).join("\n")}`,
    )
    .join("");
  const up429 = p.phases.reduce((n, ph) => n + withStatus(ph.upstream, 429), 0);
  const br429 = p.phases.reduce((n, ph) => n + ph.browser429, 0);
  return section(
    `Rate budget for a whole page (issue 4 §4): demo_pro_key (2 req/s), default cache TTL (${DEFAULT_TTL_S} s), ${VIEW}, viewport ${VIEWPORT.width}×${VIEWPORT.height}`,
    table(["phase", "upstream", "upstream 429", "browser /api", "browser 429", "s"], rows) +
      `\n${details}${repeatLines}\n  429s that reached the browser: ${br429} (must be 0: ${br429 === 0 ? "ok" : "MISS"}); 429s the dashboard got from upstream: ${up429}` +
      (p.repeatAfterMs > DEFAULT_TTL_S * 1000 ? `\n  WARNING: the repeat view started after the cache TTL` : ""),
  );
}

function liveSection(r: Results): string {
  const title = "Live (issue 15)";
  if (!r.live) return section(title, "  not measured (see errors)");
  const { seed, result: x } = r.live;
  const rows = [
    [
      "event → stream (click request sent → its SSE message read)",
      ms(x.latency.p50),
      ms(x.latency.p95),
      String(x.latency.n),
      `p95<${LIVE_P95_GOAL_MS}ms ${goal(x.latency.p95, LIVE_P95_GOAL_MS)}`,
    ],
    ["click request alone (resolver's 302)", ms(x.clickReply.p50), ms(x.clickReply.p95), String(x.clickReply.n), ""],
  ];
  const perSecond = [
    ["without a receiver", String(x.withoutReceiver.serial), String(x.withoutReceiver.concurrent)],
    ["with the dashboard's receiver", String(x.withReceiver.serial), String(x.withReceiver.concurrent)],
  ];
  return section(
    `${title}: writable platform and dashboard as npm start runs them, on a copy of ${seed.file} (${seed.clicks.toLocaleString("en-US")} clicks), loopback`,
    table(["latency, ms", "p50", "p95", "clicks", "goal"], rows) +
      `
  ${LIVE_RATE} clicks/s on conversion-tracked links through GET /r/{domain}/{key}; each click's event told apart on the stream by its id; ` +
      `mode ${x.mode}; of ${x.sent} clicks sent, ${x.unrecorded} not recorded and ${x.lost} recorded but never on the stream within 10 s.
` +
      table(["clicks recorded per second", "one at a time", `${CONCURRENCY} at once`], perSecond)
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n") +
      `
  ${THROUGHPUT_SECONDS} s each, counting 302s; with the receiver, every click also queues and sends a signed delivery the dashboard fans out.`,
  );
}

/** The file's size and the seed's peak memory, where known (issue 24). */
function seedFigures(seed: SeedInfo): string {
  const parts = [
    seed.bytes !== undefined ? `file ${(seed.bytes / 1e6).toFixed(0)} MB` : "",
    seed.peakMb !== undefined ? `seed's peak resident memory ${seed.peakMb} MB` : "",
  ].filter(Boolean);
  return parts.length > 0 ? `; ${parts.join(", ")}` : "";
}

/** The platform's resident memory while it served the mix. */
function servingMemory(label: string, result: FilteredResult): string {
  const m = result.memory;
  return m ? `\n  ${label}: platform resident ${m.rssMb} MB after the mix (peak ${m.peakMb} MB).` : "";
}

export function summary(r: Results, args: BenchArgs, seconds: number): string {
  const seed = r.seed;
  const head = [
    "==================== Linklens bench summary ====================",
    `machine at start: ${r.machineAtStart}`,
    `machine at end:   ${machineLine()}; bench took ${seconds.toFixed(0)} s`,
    seed
      ? `data: ${seed.file}, ${seed.clicks.toLocaleString("en-US")} clicks over ${seed.days} days${seed.seededAt ? `, data up to ${seed.seededAt}` : ""}` +
        (seed.seconds !== undefined
          ? `; seeded in this run: ${(seed.reportedSeconds ?? seed.seconds).toFixed(1)} s (seed script), ${seed.seconds.toFixed(1)} s wall`
          : `; reused${seed.recordedSeconds !== undefined ? ` (its seed took ${seed.recordedSeconds.toFixed(0)} s wall)` : ""}`) +
        seedFigures(seed)
      : r.live || r.ingest
        ? ""
        : "data: none",
    r.build
      ? r.build.reason
        ? `build: ${r.build.reason} → built .next-bench in ${r.build.seconds?.toFixed(0)} s`
        : "build: .next-bench is current, reused"
      : "",
    r.loadAtStart > BUSY_LOAD
      ? `WARNING: the machine was already busy when the bench began (load ${r.loadAtStart.toFixed(2)} on ${cpus().length} cores): latencies are pessimistic and HTTP vs SQL (measured minutes apart) may be skewed`
      : "",
  ].filter(Boolean);
  const parts = [head.join("\n")];
  if (args.steps.has("events")) parts.push(eventsSection(r, args));
  if (args.steps.has("analytics")) parts.push(analyticsSection(r, args));
  if (args.steps.has("filtered")) parts.push(filteredSection(r, args));
  if (args.steps.has("proxy")) parts.push(proxySection(r, args));
  if (args.steps.has("bundle")) parts.push(bundleSection(r));
  if (args.steps.has("pages")) parts.push(pagesSection(r, args.verbose));
  if (args.steps.has("page"))
    parts.push(
      r.page
        ? pageSection(r.page.current, r.page.baseline)
        : section("What a person waits for (issue 20)", "  not measured (see errors)"),
    );
  if (args.steps.has("live")) parts.push(liveSection(r));
  if (args.steps.has("ingest")) parts.push(ingestSection(r.ingest));
  parts.push(
    r.errors.length === 0
      ? "\nerrors: none"
      : `\nerrors:\n${r.errors.map((e) => `  ${e.step}: ${e.message}`).join("\n")}`,
  );
  return parts.join("\n");
}
