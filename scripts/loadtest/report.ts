import type { Forwarded } from "../../lib/upstream/testing/servers";
import type { PageResult, RequestResult } from "./viewers";

export interface Figures {
  seconds: number;
  viewers: number;
  pages: number;
  requests: number;
  /** Upstream: requests that reached the platform during the run, the most within any 1 s, and the platform's 429s. */
  upstream: {
    total: number;
    perSecondAverage: number;
    busiestSecond: number;
    platform429: number;
    overPlan: OverPlan[];
  };
  /**
   * Replies a viewer got: 429s (goal 0; the page shows "Rate limited" and retries after Retry-After),
   * by what they said; failures (no answer, a 5xx, or still 429 after the page's retries); and the
   * plan's own refusals (Pro has no events: 403, expected).
   */
  viewer429: number;
  viewer429Reasons: Record<string, number>;
  failed: number;
  /** Each failed request: its status, error code, path and message, to find its cause. */
  failures: FailedRequest[];
  planRefusals: number;
  cache: { hit: number; shared: number; miss: number; hitRatio: number };
  /** Time to a page's data, ms. */
  pageMs: { p50: number; p95: number; max: number };
  outage?: {
    fromS: number;
    toS: number;
    busiestSecond: number;
    platform429: number;
    pageMs: { p50: number; p95: number };
    failed: number;
    viewer429: number;
  };
}

export interface FailedRequest {
  status: number;
  code: string;
  path: string;
  message: string;
  /** When its page asked, seconds into the run. */
  atS: number;
}

/** Requests that reached the platform closer together than its plan allows: when (ms after the first of them), status, path. */
export interface OverPlan {
  atS: number;
  arrivals: { afterMs: number; status: number; path: string }[];
}

/** The most timestamps (ms) within any window of `windowMs`. */
export function busiest(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j] - sorted[i] >= windowMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

/** Each run of more than `plan` arrivals within `windowMs`, to see which requests broke the plan and what the platform said. */
function overPlan(upstream: readonly Forwarded[], plan: number, startedAt: number, windowMs = 1000): OverPlan[] {
  const sorted = [...upstream].sort((a, b) => a.at - b.at);
  const found: OverPlan[] = [];
  let lastEnd = -1;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j].at - sorted[i].at >= windowMs) i++;
    if (j - i + 1 <= plan || j <= lastEnd) continue;
    const window = sorted.slice(i, j + 1);
    found.push({
      atS: (window[0].at - startedAt) / 1000,
      arrivals: window.map((s) => ({ afterMs: s.at - window[0].at, status: s.status, path: s.path })),
    });
    lastEnd = j;
  }
  return found;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const failedStatus = (status: number) => status === 0 || status === 429 || status >= 500;

/** What a dashboard's 429 said (lib/upstream/rateLimited.ts), in a few words. */
function reason(message: string): string {
  if (/asked this API key to pause/.test(message)) return "platform asked to pause";
  if (/requests already waiting need more than/.test(message)) return "queue wait over the limit";
  if (/already holds/.test(message)) return "queue full";
  return message.slice(0, 60);
}

function reasons(requests: readonly RequestResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of requests.flatMap((r) => r.limited))
    counts[reason(message)] = (counts[reason(message)] ?? 0) + 1;
  return counts;
}

function failuresOf(pages: readonly PageResult[], startedAt: number): FailedRequest[] {
  return pages.flatMap((page) =>
    page.requests
      .filter((r) => failedStatus(r.status))
      .map((r) => ({
        status: r.status,
        code: r.error?.code ?? "none",
        path: r.path,
        message: r.error?.message ?? "",
        atS: (page.startedAt - startedAt) / 1000,
      })),
  );
}

const limitedCount = (requests: readonly RequestResult[]) => requests.reduce((sum, r) => sum + r.limited.length, 0);

export interface RunRecord {
  seconds: number;
  viewers: number;
  startedAt: number;
  endedAt: number;
  pages: readonly PageResult[];
  upstream: readonly Forwarded[];
  outage?: { from: number; to: number };
}

export function figures(run: RunRecord, plan: number): Figures {
  const requests = run.pages.flatMap((page) => page.requests);
  const upstream = run.upstream.filter((s) => s.at >= run.startedAt && s.at <= run.endedAt);
  const count = (cache: string) => requests.filter((r) => r.cache === cache).length;
  const cache = { hit: count("hit"), shared: count("shared"), miss: count("miss") };
  const answered = cache.hit + cache.shared + cache.miss;
  const pageMs = run.pages.map((page) => page.ms);
  const result: Figures = {
    seconds: run.seconds,
    viewers: run.viewers,
    pages: run.pages.length,
    requests: requests.length,
    upstream: {
      total: upstream.length,
      perSecondAverage: upstream.length / ((run.endedAt - run.startedAt) / 1000),
      busiestSecond: busiest(upstream.map((s) => s.at)),
      platform429: upstream.filter((s) => s.status === 429).length,
      overPlan: overPlan(upstream, plan, run.startedAt),
    },
    viewer429: limitedCount(requests),
    viewer429Reasons: reasons(requests),
    failed: requests.filter((r) => failedStatus(r.status)).length,
    failures: failuresOf(run.pages, run.startedAt),
    planRefusals: requests.filter((r) => r.status === 403).length,
    cache: { ...cache, hitRatio: answered === 0 ? 0 : cache.hit / answered },
    pageMs: { p50: percentile(pageMs, 50), p95: percentile(pageMs, 95), max: Math.max(0, ...pageMs) },
  };
  if (run.outage) {
    const { from, to } = run.outage;
    // A span either side: what the shared window let through just before, and the way back.
    const near = upstream.filter((s) => s.at >= from - 1100 && s.at <= to + 5000);
    const during = run.pages.filter((page) => page.startedAt >= from && page.startedAt <= to);
    const duringRequests = during.flatMap((page) => page.requests);
    result.outage = {
      fromS: (from - run.startedAt) / 1000,
      toS: (to - run.startedAt) / 1000,
      busiestSecond: busiest(near.map((s) => s.at)),
      platform429: near.filter((s) => s.status === 429).length,
      pageMs: {
        p50: percentile(
          during.map((p) => p.ms),
          50,
        ),
        p95: percentile(
          during.map((p) => p.ms),
          95,
        ),
      },
      failed: duringRequests.filter((r) => failedStatus(r.status)).length,
      viewer429: limitedCount(duringRequests),
    };
  }
  return result;
}

const ms = (value: number) => `${Math.round(value)} ms`;

export function printFigures(f: Figures, plan: number, log: (line: string) => void): void {
  const rows: [string, string][] = [
    ["viewers × seconds", `${f.viewers} × ${f.seconds} s: ${f.pages} pages, ${f.requests} data requests`],
    ["upstream requests", `${f.upstream.total} (${f.upstream.perSecondAverage.toFixed(2)}/s on average)`],
    [
      "upstream, busiest second",
      `${f.upstream.busiestSecond} (plan: ${plan}/s)${f.upstream.busiestSecond > plan ? "  OVER THE PLAN" : ""}`,
    ],
    ...f.upstream.overPlan.map((o): [string, string] => [
      "  over the plan",
      `at ${o.atS.toFixed(1)} s: ${o.arrivals.map((a) => `+${Math.round(a.afterMs)} ms ${a.status} ${a.path.replace(/^\/analytics\?/, "")}`).join("; ")}`,
    ]),
    ["429s from the platform", String(f.upstream.platform429)],
    ["429s that reached a viewer", String(f.viewer429)],
    ...(f.viewer429 > 0
      ? [
          [
            "  what they said",
            Object.entries(f.viewer429Reasons)
              .map(([what, n]) => `${what}: ${n}`)
              .join(", "),
          ] as [string, string],
        ]
      : []),
    ["failed viewer requests", `${f.failed} (no answer, 5xx, or 429 after the page's 4 retries)`],
    ...f.failures.map((x): [string, string] => [
      "  failed",
      `${x.status} ${x.code} ${x.path} at ${x.atS.toFixed(1)} s: ${x.message.slice(0, 160)}`,
    ]),
    ["plan refusals (403, expected)", `${f.planRefusals} (Pro has no events)`],
    [
      "cache hit ratio",
      `${(f.cache.hitRatio * 100).toFixed(1)}% (hit ${f.cache.hit}, shared ${f.cache.shared}, miss ${f.cache.miss})`,
    ],
    ["coalesced requests", `${f.cache.shared} (waited for an identical request in flight, on any replica)`],
    ["time to a page's data", `p50 ${ms(f.pageMs.p50)}, p95 ${ms(f.pageMs.p95)}, max ${ms(f.pageMs.max)}`],
  ];
  if (f.outage) {
    const o = f.outage;
    rows.push(
      ["Redis outage", `from ${o.fromS.toFixed(1)} s to ${o.toS.toFixed(1)} s`],
      [
        "  upstream, busiest second",
        `${o.busiestSecond} (a span before to 5 s after)${o.busiestSecond > plan ? "  OVER THE PLAN" : ""}`,
      ],
      ["  429s from the platform", String(o.platform429)],
      ["  viewers: failed, 429", `${o.failed}, ${o.viewer429}`],
      ["  time to a page's data", `p50 ${ms(o.pageMs.p50)}, p95 ${ms(o.pageMs.p95)}`],
    );
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) log(`  ${label.padEnd(width)}  ${value}`);
}
