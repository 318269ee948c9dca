import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { openDuckDbFile } from "../../lib/platform/store/duckdbFile";
import { runLoad, type LoadFigures, type LoadRequest } from "./loadPhase";
import { assertPortFree, startService, type Service } from "./processes";
import { sleep } from "./stats";

/**
 * Issue 24's write-side figures: a writable platform (scripts/platform.ts --writable, as npm start
 * runs it) on a copy of a small seed, loaded by autocannon from this process on loopback:
 * redirects at several concurrencies, then POST /track/lead and POST /track/sale; the whole once
 * without a webhook receiver and once with a local one registered for every event kind. Each
 * redirect phase follows a fresh conversion-tracked link, so the click id of every 302 is known
 * (`dub_id`); once the platform is stopped, the file is read and every answered click looked for.
 */

export const INGEST_SEED_CLICKS = 20_000;
export const REDIRECT_CONCURRENCY = [1, 8, 32, 128] as const;
export const TRACK_CONCURRENCY = 32;
const KEY = "demo_business_key";
const AUTH = { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" };
const PORT = Number(process.env.BENCH_INGEST_PORT ?? 8873);
/** After the load, how long deliveries may still arrive before the rest count as late. */
const DRAIN_MS = 30_000;
/** The API's rate limits scaled out of the way: the bench measures the write path, not the limiter. */
const RATE_LIMIT_SCALE = "1000";

const BROWSERS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
];
/** Public addresses the resolver places (the platform reads X-Forwarded-For from a loopback peer). */
const VISITORS = ["8.8.8.8", "81.2.69.160", "203.0.113.9", "2.125.160.216", "89.160.20.112", "175.16.199.3"];

export interface RedirectFigures extends LoadFigures {
  /** 302s answered, each naming its click. */
  answered: number;
  /** Answered clicks missing from the store afterwards (must be 0). */
  missing: number;
  /** Clicks stored beyond those answered (requests in flight when the load stopped). */
  unanswered: number;
}

export interface TrackFigures extends LoadFigures {
  /** 200s answered. */
  answered: number;
  /** Events of this phase in the store afterwards. */
  recorded: number;
}

export interface IngestRun {
  redirects: RedirectFigures[];
  leads: TrackFigures;
  sales: TrackFigures;
  /**
   * With a receiver: deliveries it received (until none came for 2 s, at most DRAIN_MS after the load), of those due
   * (the phases' events stored); and the store's queue once the platform stopped: each due delivery is there,
   * delivered, still pending (sent after a restart) or failed for good; `queued` counts them all.
   */
  deliveries?: { received: number; due: number; queue: DeliveryQueueState };
}

/** The webhook queue in the stopped platform's file, by status. */
export interface DeliveryQueueState {
  delivered: number;
  pending: number;
  failed: number;
  queued: number;
}

export interface IngestSide {
  /** The code measured: "this branch" or the baseline's ref. */
  label: string;
  withoutReceiver: IngestRun;
  withReceiver: IngestRun;
}

export interface IngestResult {
  seconds: number;
  seedFile: string;
  sides: IngestSide[];
}

interface Link {
  id: string;
  domain: string;
  key: string;
}

/** A receiver that answers 200 at once and counts what it got. */
async function countingReceiver(): Promise<{ url: string; count(): number; close(): Promise<void> }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    count: () => received,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * Where a side's platform keeps its events: in its file (DuckDB, the default), or on the
 * ClickHouse store its arguments and environment name (ingestClickHouse.ts), checked once the
 * platform has stopped.
 */
export interface IngestStore {
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  /** After the runs, the platform stopped: throws unless the store holds what the file does. */
  verify(file: string): Promise<void>;
}

async function startPlatform(
  codeDir: string,
  file: string,
  webhook?: { url: string; secret: string },
  store?: IngestStore,
): Promise<{ url: string; service: Service }> {
  await assertPortFree(PORT);
  const args = [
    "--import",
    "tsx",
    "scripts/platform.ts",
    "--data",
    resolve(file),
    "--writable",
    "--port",
    String(PORT),
    "--host",
    "127.0.0.1",
    "--rate-limit-scale",
    RATE_LIMIT_SCALE,
  ];
  // The secret in the environment, never in argv (the platform refuses --webhook-secret).
  if (webhook) args.push("--webhook-url", webhook.url, "--webhook-key", KEY);
  if (store) args.push(...store.args);
  const env = {
    ...process.env,
    ...(webhook ? { LINK_WEBHOOK_SECRET: webhook.secret } : {}),
    ...store?.env,
  };
  const { service, match } = await startService({
    name: "writable platform",
    args,
    env,
    cwd: codeDir,
    ready: /^platform listening on (https?:\/\/\S+)$/m,
  });
  return { url: match[1], service };
}

async function newLink(platform: string, tag: string): Promise<Link> {
  const res = await fetch(`${platform}/links`, {
    method: "POST",
    headers: AUTH,
    body: JSON.stringify({ url: `https://example.com/bench/${tag}`, trackConversion: true }),
  });
  if (res.status !== 200) throw new Error(`POST /links answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as Link;
}

const described = (x: LoadFigures) =>
  `${x.perSecond}/s, p50 ${x.p50} ms, p99 ${x.p99} ms (statuses ${JSON.stringify(x.statuses)}${x.errors ? `, ${x.errors} errors` : ""})`;

/**
 * Until a click on a link of its own is written at once again, and an API request (which waits
 * for every journaled click to reach the store) is answered: what the last phase left queued is
 * written before the next phase begins.
 */
async function settled(probe: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    const res = await fetch(probe, { redirect: "manual", headers: { "User-Agent": BROWSERS[0] } });
    await res.body?.cancel();
    if (res.status === 302 && performance.now() - started < 100) break;
    await sleep(250);
  }
  const api = await fetch(new URL("/openapi.json", probe));
  await api.body?.cancel();
}

const clickIdOf = (location: string | undefined): string | null => {
  if (!location) return null;
  try {
    return new URL(location).searchParams.get("dub_id");
  } catch {
    return null;
  }
};

interface Phases {
  run: IngestRun;
  /** What to look for in the store afterwards. */
  check: { link: Link; answered: Set<string> }[];
  /** The link clicked between phases to see the writer idle. */
  probe: Link;
  tag: string;
}

async function runPhases(platform: string, tag: string, seconds: number, log: (line: string) => void): Promise<Phases> {
  const redirects: RedirectFigures[] = [];
  const check: Phases["check"] = [];
  const probeLink = await newLink(platform, `${tag}-probe`);
  const probe = `${platform}/r/${encodeURIComponent(probeLink.domain)}/${encodeURIComponent(probeLink.key)}`;
  for (const connections of REDIRECT_CONCURRENCY) {
    const link = await newLink(platform, `${tag}-${connections}`);
    const answered = new Set<string>();
    const path = `/r/${encodeURIComponent(link.domain)}/${encodeURIComponent(link.key)}`;
    const figures = await runLoad({
      url: platform,
      connections,
      seconds,
      next: (n): LoadRequest => ({
        method: "GET",
        path,
        headers: { "User-Agent": BROWSERS[n % BROWSERS.length], "X-Forwarded-For": VISITORS[n % VISITORS.length] },
      }),
      answered: (status, _body, headers) => {
        const id = status === 302 ? clickIdOf(headers.location ?? headers.Location) : null;
        if (id) answered.add(id);
      },
    });
    redirects.push({ ...figures, answered: answered.size, missing: 0, unanswered: 0 });
    check.push({ link, answered });
    log(`  ${tag}: redirects at ${connections}: ${described(figures)}`);
    await settled(probe);
  }
  const clickIds = [...(check.find((c) => c.answered.size > 0)?.answered ?? [])].slice(0, 200);
  if (clickIds.length === 0) throw new Error("no redirect was answered: no click to track leads on");

  const customers: string[] = [];
  const leads = await runLoad({
    url: platform,
    connections: TRACK_CONCURRENCY,
    seconds,
    next: (n) => ({
      method: "POST",
      path: "/track/lead",
      headers: { ...AUTH },
      body: JSON.stringify({
        clickId: clickIds[n % clickIds.length],
        eventName: "Sign up",
        customerExternalId: `${tag}-cus-${n}`,
        customerName: `Bench ${n}`,
      }),
    }),
    answered: (status, body) => {
      if (status !== 200) return;
      const externalId = (JSON.parse(body) as { customer?: { externalId?: string } }).customer?.externalId;
      if (externalId) customers.push(externalId);
    },
  });
  log(`  ${tag}: leads: ${described(leads)}`);
  await settled(probe);

  let salesAnswered = 0;
  const sales = await runLoad({
    url: platform,
    connections: TRACK_CONCURRENCY,
    seconds,
    next: (n) => ({
      method: "POST",
      path: "/track/sale",
      headers: { ...AUTH },
      // A customer with a lead (the sale goes to its lead's click), else direct sale tracking on a click.
      body: JSON.stringify({
        customerExternalId: customers.length > 0 ? customers[n % customers.length] : `${tag}-direct-${n}`,
        clickId: clickIds[n % clickIds.length],
        amount: 1999,
        currency: "usd",
        paymentProcessor: "stripe",
        invoiceId: `${tag}-inv-${n}`,
      }),
    }),
    answered: (status) => {
      if (status === 200) salesAnswered += 1;
    },
  });
  log(`  ${tag}: sales: ${described(sales)}`);
  await settled(probe);
  return {
    run: {
      redirects,
      leads: { ...leads, answered: customers.length, recorded: 0 },
      sales: { ...sales, answered: salesAnswered, recorded: 0 },
    },
    check,
    probe: probeLink,
    tag,
  };
}

/** Reads the stopped platform's file: every answered click looked for, and each phase's leads and sales counted; returns every event the phases stored. */
async function checkStore(file: string, phases: Phases): Promise<number> {
  const db = await openDuckDbFile(file, { readOnly: true });
  try {
    for (const [i, { link, answered }] of phases.check.entries()) {
      const rows = (
        await db.conn.runAndReadAll(`SELECT id FROM click_events WHERE link_id = $link`, { link: link.id })
      ).getRowObjectsJS();
      const stored = new Set(rows.map((row) => String(row.id)));
      const figures = phases.run.redirects[i];
      figures.missing = [...answered].filter((id) => !stored.has(id)).length;
      figures.unanswered = [...stored].filter((id) => !answered.has(id)).length;
    }
    const count = async (sql: string, prefix: string) =>
      Number((await db.conn.runAndReadAll(sql, { prefix })).getRowObjectsJS()[0].n);
    phases.run.leads.recorded = await count(
      `SELECT count(*) AS n FROM lead_events l JOIN customers c ON c.id = l.customer_id WHERE starts_with(c.external_id, $prefix)`,
      `${phases.tag}-cus-`,
    );
    phases.run.sales.recorded = await count(
      `SELECT count(*) AS n FROM sale_events WHERE starts_with(invoice_id, $prefix)`,
      `${phases.tag}-inv-`,
    );
    const probes = Number(
      (
        await db.conn.runAndReadAll(`SELECT count(*) AS n FROM click_events WHERE link_id = $link`, {
          link: phases.probe.id,
        })
      ).getRowObjectsJS()[0].n,
    );
    const clicks = phases.run.redirects.reduce((n, r) => n + r.answered - r.missing + r.unanswered, 0);
    return clicks + probes + phases.run.leads.recorded + phases.run.sales.recorded;
  } finally {
    db.close();
  }
}

/** The stopped platform's webhook deliveries by status (only the run with a receiver queued any). */
async function deliveryQueue(file: string): Promise<DeliveryQueueState> {
  const db = await openDuckDbFile(file, { readOnly: true });
  try {
    const rows = (
      await db.conn.runAndReadAll(`SELECT status, count(*)::INTEGER AS n FROM webhook_deliveries GROUP BY status`)
    ).getRowObjectsJS();
    const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
    const state = { delivered: of("delivered"), pending: of("pending"), failed: of("failed") };
    return { ...state, queued: rows.reduce((n, row) => n + Number(row.n), 0) };
  } finally {
    db.close();
  }
}

/** Both runs of one side: the code in `codeDir` serving a copy of `seedFile` (its events on `store` when given). */
export async function benchIngestSide(
  label: string,
  codeDir: string,
  seedFile: string,
  seconds: number,
  log: (line: string) => void,
  store?: IngestStore,
): Promise<IngestSide> {
  const dir = await mkdtemp(join(resolve(".bench"), "ingest-"));
  const file = join(dir, "platform.duckdb");
  await copyFile(seedFile, file);
  let service: Service | undefined;
  const receiver = await countingReceiver();
  try {
    const plain = await startPlatform(codeDir, file, undefined, store);
    service = plain.service;
    const without = await runPhases(plain.url, "plain", seconds, log);
    await service.stop();

    const hooked = await startPlatform(codeDir, file, { url: receiver.url, secret: "bench-ingest-secret-0001" }, store);
    service = hooked.service;
    const before = receiver.count();
    const withHook = await runPhases(hooked.url, "hooked", seconds, log);
    // Every event of the phases has one delivery due (stored and answered counts come from the file, once stopped): wait for the count to stop growing.
    const deadline = performance.now() + DRAIN_MS;
    let last = -1;
    while (receiver.count() !== last && performance.now() < deadline) {
      last = receiver.count();
      await sleep(2000);
    }
    const received = receiver.count() - before;
    await service.stop();
    service = undefined;

    await checkStore(file, without);
    withHook.run.deliveries = { received, due: await checkStore(file, withHook), queue: await deliveryQueue(file) };
    await store?.verify(file);
    return { label, withoutReceiver: without.run, withReceiver: withHook.run };
  } catch (err) {
    const tail = service?.output().slice(-600);
    throw new Error(
      `${err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ""}` : String(err)}${tail ? `; the platform's output ends with: ${tail}` : ""}`,
      { cause: err },
    );
  } finally {
    await service?.stop();
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  }
}
