import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { subscribeLive, type LiveSubscription } from "./liveStream";
import { startDashboard, startWritablePlatform, type Running } from "./services";
import { figures, sleep, type Figures } from "./stats";

/**
 * Issue 15's figures: event → browser latency through the platform's webhook and the dashboard's
 * SSE stream, and clicks recorded per second through the resolver with and without a receiver.
 * The platform and the dashboard run as npm start runs them (a writable platform registering the
 * dashboard's receiver, the dashboard with its secret), on a copy of a small seed.
 */

export const LIVE_SEED_CLICKS = 2_000;
/** Clicks a second while latency is measured: a steady flow well under what the resolver records. */
export const LIVE_RATE = 5;
export const THROUGHPUT_SECONDS = 5;
export const CONCURRENCY = 8;
/** How long after the last click an event may still arrive before it counts as lost. */
const DRAIN_MS = 10_000;
const KEY = "demo_business_key";

const LIVE_PLATFORM_PORT = Number(process.env.BENCH_LIVE_PLATFORM_PORT ?? 8871);
const LIVE_DASHBOARD_PORT = Number(process.env.BENCH_LIVE_DASHBOARD_PORT ?? 3171);

export interface Throughput {
  serial: number;
  concurrent: number;
}

export interface LiveResult {
  /** From sending the click request to its event read off the SSE stream, ms. */
  latency: Figures;
  /** The click request alone (the resolver's 302), ms. */
  clickReply: Figures;
  sent: number;
  /** Clicks not recorded (no 302 naming the click). */
  unrecorded: number;
  /** Recorded clicks whose event never reached the stream. */
  lost: number;
  mode: string;
  /** Clicks recorded per second through the resolver, one at a time and CONCURRENCY at once. */
  withoutReceiver: Throughput;
  withReceiver: Throughput;
}

interface Link {
  domain: string;
  key: string;
  trackConversion?: boolean;
  password?: string | null;
  disabledAt?: string | null;
  expiresAt?: string | null;
}

const past = (at: string | null | undefined) => typeof at === "string" && Date.parse(at) <= Date.now();

/** Followable links whose redirect names the click (`dub_id`), so a click can be told apart on the stream. */
async function trackedLinks(platform: string): Promise<string[]> {
  const response = await fetch(`${platform}/links?pageSize=100`, { headers: { Authorization: `Bearer ${KEY}` } });
  if (response.status !== 200) throw new Error(`GET /links answered ${response.status}`);
  const links = ((await response.json()) as Link[]).filter(
    (l) => l.trackConversion && !l.password && l.key !== "_root" && !past(l.disabledAt) && !past(l.expiresAt),
  );
  if (links.length === 0) throw new Error("no conversion-tracked link to click");
  return links.map(
    (l) => `${platform}/r/${encodeURIComponent(l.domain)}/${l.key.split("/").map(encodeURIComponent).join("/")}`,
  );
}

/** One click; the click's id, or null when it was not recorded. */
async function click(url: string): Promise<string | null> {
  const response = await fetch(url, {
    redirect: "manual",
    headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36" },
  });
  await response.body?.cancel();
  if (response.status !== 302) return null;
  return new URL(response.headers.get("location") ?? "http://x/").searchParams.get("dub_id");
}

/** Clicks recorded per second with `concurrency` clicks in flight at all times for `seconds`. */
async function clicksPerSecond(links: readonly string[], concurrency: number, seconds: number): Promise<number> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let recorded = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) if ((await click(links[n++ % links.length])) !== null) recorded += 1;
    }),
  );
  return Math.round((recorded / ((performance.now() - started) / 1000)) * 10) / 10;
}

async function throughput(links: readonly string[]): Promise<Throughput> {
  return {
    serial: await clicksPerSecond(links, 1, THROUGHPUT_SECONDS),
    concurrent: await clicksPerSecond(links, CONCURRENCY, THROUGHPUT_SECONDS),
  };
}

/** Clicks at LIVE_RATE a second; each one's latency from its request to its event on the stream. */
async function latencies(
  links: readonly string[],
  stream: LiveSubscription,
  pace: { warmup: number; samples: number },
) {
  const arrived = new Map<string, number>();
  stream.onEvent((e) => {
    if (e.kind === "clicks") arrived.set(e.clickId, e.at);
  });
  const sent: { id: Promise<string | null>; at: number; replied: Promise<number> }[] = [];
  const total = pace.warmup + pace.samples;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, started + (i * 1000) / LIVE_RATE - performance.now()));
    const at = performance.now();
    const id = click(links[i % links.length]);
    sent.push({ id, at, replied: id.then(() => performance.now()) });
  }
  const ids = await Promise.all(sent.map((s) => s.id));
  const deadline = performance.now() + DRAIN_MS;
  while (performance.now() < deadline && ids.some((id) => id !== null && !arrived.has(id))) await sleep(50);
  const measured = sent.slice(pace.warmup);
  const measuredIds = ids.slice(pace.warmup);
  const latency = measuredIds.flatMap((id, i) =>
    id !== null && arrived.has(id) ? [(arrived.get(id) ?? 0) - measured[i].at] : [],
  );
  const replies = await Promise.all(measured.map(async (s) => (await s.replied) - s.at));
  if (latency.length === 0) throw new Error("no click reached the live stream");
  const recorded = measuredIds.filter((id) => id !== null).length;
  return {
    latency: figures(latency),
    clickReply: figures(replies),
    sent: measured.length,
    unrecorded: measured.length - recorded,
    lost: recorded - latency.length,
  };
}

export async function benchLive(
  seedFile: string,
  pace: { warmup: number; samples: number },
  log: (line: string) => void,
): Promise<LiveResult> {
  const dir = await mkdtemp(join(".bench", "live-"));
  const file = join(dir, "platform.duckdb");
  await copyFile(seedFile, file);
  const stops: Running[] = [];
  try {
    const alone = await startWritablePlatform(file, LIVE_PLATFORM_PORT);
    stops.push(alone);
    const withoutReceiver = await throughput(await trackedLinks(alone.url));
    log(
      `  without a receiver: ${withoutReceiver.serial} clicks/s one at a time, ${withoutReceiver.concurrent} with ${CONCURRENCY} at once`,
    );
    await alone.service.stop();
    stops.pop();

    const secret = randomBytes(24).toString("hex");
    const platform = await startWritablePlatform(file, LIVE_PLATFORM_PORT, {
      url: `http://127.0.0.1:${LIVE_DASHBOARD_PORT}/api/webhooks`,
      secret,
    });
    stops.push(platform);
    const dashboard = await startDashboard({
      upstream: platform.url,
      apiKey: KEY,
      port: LIVE_DASHBOARD_PORT,
      webhookSecret: secret,
    });
    stops.push(dashboard);
    const stream = await subscribeLive(`${dashboard.url}/api/live`);
    try {
      if (stream.mode !== "push") throw new Error(`the dashboard's live stream is in ${stream.mode} mode, not push`);
      const links = await trackedLinks(platform.url);
      const measured = await latencies(links, stream, { warmup: pace.warmup, samples: pace.samples * 4 });
      log(
        `  event → stream: p50 ${measured.latency.p50} ms, p95 ${measured.latency.p95} ms over ${measured.latency.n} clicks (${measured.lost} lost)`,
      );
      const withReceiver = await throughput(links);
      log(
        `  with the dashboard's receiver: ${withReceiver.serial} clicks/s one at a time, ${withReceiver.concurrent} with ${CONCURRENCY} at once`,
      );
      return { ...measured, mode: stream.mode, withoutReceiver, withReceiver };
    } finally {
      stream.close();
    }
  } finally {
    for (const running of stops.reverse()) await running.service.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
