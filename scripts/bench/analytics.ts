// GET /analytics benchmark (issue 4): p50/p95 of count, timeseries and countries over 30 days
// and over all the data, over HTTP and as the query functions alone.
//   npx tsx scripts/bench/analytics.ts --data /tmp/bench1m.duckdb
// (seed first: npx tsx scripts/seed.ts --data /tmp/bench1m.duckdb --clicks 1000000)
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { parseAnalyticsQuery } from "../../lib/contract/analytics";
import { resolveRange } from "../../lib/contract/dateRange";
import { hashKey } from "../../lib/platform/http/auth";
import { queryAnalytics } from "../../lib/platform/query/analyticsQuery";
import { openPlatform } from "../../lib/platform/openPlatform";
import { findKeyOwner } from "../../lib/platform/query/apiKeys";
import { startPlatform } from "../../lib/platform/testing/spawnPlatform";
import { figures, sleep, type Figures } from "./stats";

export type { Figures } from "./stats";

const KEY = "demo_business_key";
const SAMPLES = 40;
const WARMUP = 3;
/** The business key may send 4 requests per second; start one every 260 ms. */
const PACE_MS = 260;

/**
 * The dashboard's own requests: KPI tiles and the chart ask for composite, breakdowns for the
 * view's event. The seed spreads its clicks over 90 days, so 30d reads a third of them; `all`
 * (from the workspace's creation) reads every one.
 */
export const ANALYTICS_CASES: Record<string, string> = {
  "count composite 30d": "groupBy=count&event=composite&interval=30d",
  "timeseries composite 30d": "groupBy=timeseries&event=composite&interval=30d",
  "countries clicks 30d": "groupBy=countries&event=clicks&interval=30d",
  "count clicks all": "groupBy=count&event=clicks&interval=all",
  "timeseries clicks all": "groupBy=timeseries&event=clicks&interval=all",
  "timeseries composite all": "groupBy=timeseries&event=composite&interval=all",
  "countries clicks all": "groupBy=countries&event=clicks&interval=all",
  "countries composite all": "groupBy=countries&event=composite&interval=all",
};

/** One timed request (headers and body), retried after Retry-After if the limit was hit anyway. */
async function timedGet(url: string): Promise<number> {
  for (;;) {
    const started = performance.now();
    const res = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } });
    await res.arrayBuffer();
    const took = performance.now() - started;
    if (res.status === 200) return took;
    if (res.status !== 429) throw new Error(`GET ${url} → ${res.status}`);
    await sleep(Number(res.headers.get("retry-after") ?? "1") * 1000);
  }
}

export interface SampleOptions {
  /** Timed runs per case (default 40). */
  samples?: number;
  /** Untimed runs first (default 3). */
  warmup?: number;
}

/** Over HTTP against a running platform, paced under the business key's 4 requests per second. */
export async function benchAnalytics(baseUrl: string, options: SampleOptions = {}): Promise<Record<string, Figures>> {
  const { samples: count = SAMPLES, warmup = WARMUP } = options;
  const out: Record<string, Figures> = {};
  for (const [name, qs] of Object.entries(ANALYTICS_CASES)) {
    const samples: number[] = [];
    for (let i = 0; i < warmup + count; i++) {
      const slot = sleep(PACE_MS);
      const took = await timedGet(`${baseUrl}/analytics?${qs}`);
      if (i >= warmup) samples.push(took);
      await slot;
    }
    out[name] = figures(samples);
  }
  return out;
}

export interface SqlBenchOptions extends SampleOptions {
  /**
   * Time from one call's start to the next. Defaults to the HTTP pace: between spaced calls
   * DuckDB's second worker thread goes idle and waking it costs, so back-to-back calls (0)
   * measure faster than any client under the rate limit can see.
   */
  paceMs?: number;
}

/** The query functions alone, on a file this process opens (run it with the platform stopped). */
export async function benchAnalyticsSql(file: string, options: SqlBenchOptions = {}): Promise<Record<string, Figures>> {
  const paceMs = options.paceMs ?? PACE_MS;
  const { samples: count = SAMPLES, warmup = WARMUP } = options;
  const platform = await openPlatform(file);
  const { store } = platform;
  try {
    const owner = await findKeyOwner(store.db, hashKey(KEY));
    if (!owner) throw new Error(`${file} has no workspace for ${KEY}; seed it first`);
    const out: Record<string, Figures> = {};
    for (const [name, qs] of Object.entries(ANALYTICS_CASES)) {
      const samples: number[] = [];
      for (let i = 0; i < warmup + count; i++) {
        const slot = sleep(paceMs);
        const started = performance.now();
        const query = parseAnalyticsQuery(new URLSearchParams(qs));
        const range = resolveRange(query, new Date(), owner.createdAt);
        await queryAnalytics(store, query, { workspaceId: owner.workspaceId, range });
        if (i >= warmup) samples.push(performance.now() - started);
        await slot;
      }
      out[name] = figures(samples);
    }
    return out;
  } finally {
    platform.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { data: { type: "string", default: "/tmp/bench1m.duckdb" } } });
  const file = values.data;
  const sql = await benchAnalyticsSql(file);
  const hot = await benchAnalyticsSql(file, { paceMs: 0 });
  const platform = await startPlatform(["--data", file, "--port", "0"]);
  let http: Record<string, Figures>;
  try {
    http = await benchAnalytics(platform.url);
  } finally {
    await platform.stop();
  }
  console.log(`GET /analytics on ${file} (${SAMPLES} samples each, one every ${PACE_MS} ms; ms)`);
  console.log(`${"case".padEnd(24)}  http p50  http p95   sql p50   sql p95  http/sql p50  sql back-to-back p50/p95`);
  for (const name of Object.keys(ANALYTICS_CASES)) {
    const [h, s, b] = [http[name], sql[name], hot[name]];
    const row = [name.padEnd(24), h.p50, h.p95, s.p50, s.p95].map((v) => String(v).padStart(8)).join("  ");
    console.log(`${row}  ${(h.p50 / s.p50).toFixed(2).padStart(12)}  ${String(b.p50).padStart(12)} / ${b.p95}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
