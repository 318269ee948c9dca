// CPU per request of the write path, independent of the machine's load:
//   node --import tsx scripts/bench/ingestCpu.ts --data <seed file> [--requests 3000] [--connections 32] [--port 8874] [--profile <dir>]
//     [--kinds redirects,leads,sales] [--webhook]
// Starts a writable platform on a copy of <seed file>, then sends a fixed number of redirects,
// POST /track/lead and POST /track/sale (autocannon, `--connections` at once); for each kind, the
// platform process's CPU time (user + system, every thread: /proc/<pid>/stat) from the first request
// until the store has caught up, divided by the requests answered. `--profile <dir>` runs the
// platform under `node --cpu-prof` and leaves its profile there (open it in Chrome's DevTools).
// `--webhook` registers a receiver in this process (answers 200 at once) for every event, as the
// ingest step's second run does: the deliveries' CPU is counted while they go out beside the load.
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startService, stopAll, type Service } from "./processes";

const KEY = "demo_business_key";
const AUTH = { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" };
const BROWSERS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
];
const VISITORS = ["8.8.8.8", "81.2.69.160", "203.0.113.9", "2.125.160.216", "89.160.20.112", "175.16.199.3"];
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The process's CPU seconds so far, every thread (DuckDB's included). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

interface Request {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

async function load(
  url: string,
  connections: number,
  amount: number,
  next: (n: number) => Request,
  answered: (status: number, body: string, headers: Record<string, string>) => void,
): Promise<{ ok: number; perSecond: number }> {
  let n = 0;
  let ok = 0;
  const result = await autocannon({
    url,
    connections,
    amount,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...next(n++) }),
        onResponse: (status, body, _context, headers) => {
          if (status < 400) ok += 1;
          answered(status, body, headers as Record<string, string>);
        },
      },
    ],
  });
  return { ok, perSecond: Math.round(result.requests.average) };
}

/** A webhook receiver answering 200 at once. */
async function okReceiver(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: "string" },
      requests: { type: "string", default: "3000" },
      connections: { type: "string", default: "32" },
      port: { type: "string", default: process.env.BENCH_INGEST_PORT ?? "8874" },
      profile: { type: "string" },
      kinds: { type: "string", default: "redirects,leads,sales" },
      webhook: { type: "boolean", default: false },
    },
  });
  if (!values.data) throw new Error("--data <seed file> is required (npm run seed -- --data <file> --clicks 20000)");
  const requests = Number(values.requests);
  const kinds = new Set(values.kinds.split(","));
  const connections = Number(values.connections);
  const dir = await mkdtemp(join(resolve(".bench"), "ingest-cpu-"));
  const file = join(dir, "platform.duckdb");
  await copyFile(values.data, file);
  let service: Service | undefined;
  const receiver = values.webhook ? await okReceiver() : null;
  try {
    const webhook = receiver ? ["--webhook-url", receiver.url, "--webhook-key", KEY] : [];
    const profile = values.profile ? ["--cpu-prof", "--cpu-prof-dir", resolve(values.profile)] : [];
    const started = await startService({
      name: "writable platform",
      args: [
        ...profile,
        "--import",
        "tsx",
        "scripts/platform.ts",
        "--data",
        file,
        "--writable",
        "--port",
        values.port,
        "--rate-limit-scale",
        "1000",
        ...webhook,
      ],
      env: { ...process.env, ...(receiver ? { LINK_WEBHOOK_SECRET: "whsec_ingest_cpu" } : {}) },
      ready: /^platform listening on (https?:\/\/\S+)$/m,
    });
    service = started.service;
    const platform = started.match[1];
    const pid = service.pid;
    const res = await fetch(`${platform}/links`, {
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ url: "https://example.com/cpu", trackConversion: true }),
    });
    const link = (await res.json()) as { domain: string; key: string };
    const path = `/r/${encodeURIComponent(link.domain)}/${encodeURIComponent(link.key)}`;
    // Every request waits for the store to catch up: CPU is counted until the last click is in the store.
    const caughtUp = async () => (await fetch(`${platform}/openapi.json`)).body?.cancel();
    const measure = async (name: string, run: () => Promise<{ ok: number; perSecond: number }>) => {
      await caughtUp();
      const before = await cpuSeconds(pid);
      const figures = await run();
      await caughtUp();
      const cpu = (await cpuSeconds(pid)) - before;
      console.log(
        `${name}: ${figures.ok} answered, ${Math.round((cpu / figures.ok) * 1e6)} µs CPU each (${cpu.toFixed(2)} s), ${figures.perSecond}/s at ${connections}`,
      );
    };
    // Warm-up (JIT, caches), not counted.
    await load(
      platform,
      connections,
      500,
      () => ({ method: "GET", path, headers: { "User-Agent": BROWSERS[0] } }),
      () => {},
    );

    const clickIds: string[] = [];
    await measure("redirects", () =>
      load(
        platform,
        connections,
        requests,
        (n) => ({
          method: "GET",
          path,
          headers: { "User-Agent": BROWSERS[n % BROWSERS.length], "X-Forwarded-For": VISITORS[n % VISITORS.length] },
        }),
        (status, _body, headers) => {
          const id = status === 302 ? new URL(headers.location ?? headers.Location).searchParams.get("dub_id") : null;
          if (id) clickIds.push(id);
        },
      ),
    );
    const run = Date.now().toString(36);
    if (kinds.has("leads"))
      await measure("leads", () =>
        load(
          platform,
          connections,
          requests,
          (n) => ({
            method: "POST",
            path: "/track/lead",
            headers: AUTH,
            body: JSON.stringify({
              clickId: clickIds[n % clickIds.length],
              eventName: "Sign up",
              customerExternalId: `${run}-cus-${n}`,
              customerName: `Cpu ${n}`,
            }),
          }),
          (status, body) => {
            if (status !== 200) console.error(`lead: ${status} ${body.slice(0, 200)}`);
          },
        ),
      );
    if (kinds.has("leads") && kinds.has("sales"))
      await measure("sales", () =>
        load(
          platform,
          connections,
          requests,
          (n) => ({
            method: "POST",
            path: "/track/sale",
            headers: AUTH,
            body: JSON.stringify({
              customerExternalId: `${run}-cus-${n % requests}`,
              amount: 1999,
              currency: "usd",
              paymentProcessor: "stripe",
              invoiceId: `${run}-inv-${n}`,
            }),
          }),
          (status, body) => {
            if (status !== 200) console.error(`sale: ${status} ${body.slice(0, 200)}`);
          },
        ),
      );
  } finally {
    await service?.stop();
    await stopAll();
    receiver?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
