// npm run bench -- --store clickhouse [--clickhouse-url http://host:8123/db] [--clicks 200000] [--days 90] [--samples 15]
//   [--only filtered,ingest] [--seconds 10]
// The filtered mix (filtered.ts) on the platform with its events on ClickHouse beside the same
// on DuckDB, on the same seed, and the bulk ingest of that seed into ClickHouse (copy-events);
// then the writable platform's ingest (redirects, leads, sales per second) on both stores
// (ingestClickHouse.ts).
// ClickHouse is the server at --clickhouse-url / CLICKHOUSE_URL (its own database, dropped
// after), else the in-process engine (npm chdb) behind the test front: what a laptop can measure.
// Requests go through the real app in this process, one at a time, rate limits scaled away.
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { openEventStore } from "../../lib/platform/clickhouse/connect";
import { copyEvents } from "../../lib/platform/clickhouse/copyEvents";
import { startTestClickHouse } from "../../lib/platform/clickhouse/testing/testEventStore";
import { createApp } from "../../lib/platform/http/platformApp";
import { openPlatform } from "../../lib/platform/openPlatform";
import { BUSINESS_KEY } from "./events";
import { benchIngestOnClickHouse, clickHouseIngestSection } from "./ingestClickHouse";
import { stopChildrenOnExit } from "./processes";
import { FILTERED_CASES } from "./filtered";
import { ensureSeed } from "./seedData";
import { figures, type Figures } from "./stats";

const USAGE =
  "usage: npm run bench -- --store clickhouse [--clickhouse-url <url>] [--clicks N] [--days D] [--samples N] [--only filtered,ingest] [--seconds S]";

const STEPS = ["filtered", "ingest"] as const;
type Step = (typeof STEPS)[number];

function steps(raw: string | undefined): Set<Step> {
  if (raw === undefined) return new Set(STEPS);
  const named = raw.split(",").map((s) => s.trim());
  const unknown = named.filter((s) => !(STEPS as readonly string[]).includes(s));
  if (unknown.length > 0 || named.length === 0)
    throw new Error(`--only takes ${STEPS.join(",")} with --store clickhouse, got "${raw}"`);
  return new Set(named as Step[]);
}

function integer(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${flag} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

type App = ReturnType<typeof createApp>;

async function timeCase(app: App, url: string, samples: number): Promise<Figures> {
  const headers = { Authorization: `Bearer ${BUSINESS_KEY}` };
  const run = async () => {
    const started = performance.now();
    const res = await app.request(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
    return performance.now() - started;
  };
  await run();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) out.push(await run());
  return figures(out);
}

export async function benchClickHouse(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      store: { type: "string" },
      "clickhouse-url": { type: "string" },
      clicks: { type: "string" },
      days: { type: "string" },
      samples: { type: "string" },
      only: { type: "string" },
      seconds: { type: "string" },
    },
    strict: true,
  });
  if (values.store !== "clickhouse")
    throw new Error(`--store must be clickhouse here, got "${values.store}" (${USAGE})`);
  const clicks = integer("--clicks", values.clicks, 200_000);
  const days = integer("--days", values.days, 90);
  const samples = integer("--samples", values.samples, 15);
  const seconds = integer("--seconds", values.seconds, 10);
  const only = steps(values.only);
  if (only.has("filtered")) await benchFilteredOnBoth(clicks, days, samples, values["clickhouse-url"]);
  if (only.has("ingest")) {
    stopChildrenOnExit();
    const log = (line: string) => console.log(line);
    const url = values["clickhouse-url"] ?? process.env.CLICKHOUSE_URL;
    console.log(clickHouseIngestSection(await benchIngestOnClickHouse(seconds, url, log), seconds));
  }
  return 0;
}

async function benchFilteredOnBoth(
  clicks: number,
  days: number,
  samples: number,
  clickhouseUrl: string | undefined,
): Promise<void> {
  const seed = await ensureSeed(clicks, days);
  const env = clickhouseUrl ? { ...process.env, CLICKHOUSE_URL: clickhouseUrl } : process.env;
  const clickhouse = await startTestClickHouse(env);
  const events = await openEventStore(clickhouse.url);
  const instance = await DuckDBInstance.create(seed.file, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  const started = performance.now();
  const counts = await copyEvents(conn, events.db);
  const copySeconds = (performance.now() - started) / 1000;
  conn.closeSync();
  instance.closeSync();
  const total = counts.clicks + counts.leads + counts.sales;
  console.log(
    `ClickHouse: ${clickhouse.kind === "server" ? "the server at CLICKHOUSE_URL" : "in-process engine (chdb 3.4.0, ClickHouse 26.7) behind the test front"}`,
  );
  console.log(`seed: ${seed.file} (${clicks} clicks, ${days} days)`);
  console.log(
    `ingest (copy-events, batches of 50,000 JSON lines): ${total} events in ${copySeconds.toFixed(1)} s = ${Math.round(total / copySeconds)} events/s`,
  );

  const duck = await openPlatform(seed.file);
  const onCh = await openPlatform(seed.file, { clickhouse: events.db });
  try {
    const duckApp = createApp({ store: duck.store, writer: null, rateLimitScale: 1000 });
    const chApp = createApp({ store: onCh.store, writer: null, rateLimitScale: 1000 });
    console.log(`\nfiltered mix, ms (p50 / p95 of ${samples}, one request at a time)`);
    console.log(
      `${"case".padEnd(44)} ${"DuckDB".padStart(15)} ${"ClickHouse".padStart(15)} ${"p50 ratio".padStart(10)}`,
    );
    for (const c of FILTERED_CASES) {
      const url = `${c.path}?${c.qs}`;
      const d = await timeCase(duckApp, url, samples);
      const h = await timeCase(chApp, url, samples);
      const ratio = `${(h.p50 / d.p50).toFixed(1)}×`;
      console.log(
        `${c.name.padEnd(44)} ${`${d.p50} / ${d.p95}`.padStart(15)} ${`${h.p50} / ${h.p95}`.padStart(15)} ${ratio.padStart(10)}`,
      );
    }
  } finally {
    onCh.close();
    duck.close();
    await events.close();
    await clickhouse.close();
  }
}
