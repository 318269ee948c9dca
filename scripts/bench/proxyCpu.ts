// CPU per request of the dashboard's proxy (issue 20), independent of how loaded the machine is:
// the dashboard's CPU time (user + system, every process of its group: /proc/<pid>/stat) per
// proxied /api/events page with its cache off, and per cache hit with it on, beside the platform's
// CPU for the same requests. Needs a build (npm run bench -- --only proxy makes .next-bench).
//
//   node --import tsx scripts/bench/proxyCpu.ts [--data .bench/bench1m.duckdb] [--dist-dir .next-bench]
//     [--requests 100] [--hits 300] [--profile <dir>] [--node-flags=--max-semi-space-size=32]
import { Agent, request as httpRequest } from "node:http";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { BUSINESS_KEY } from "./events";
import { groupCpuSeconds, loadAverage } from "./processCpu";
import { stopAll, runBenchMain, type Service } from "./processes";
import { PROXY_CASES } from "./proxyOverhead";
import { DASHBOARD_PORT, DIST_DIR, PLATFORM_PORT, startDashboard, startPlatform } from "./services";
import { sleep } from "./stats";

/** What a view asks for its key figures. */
const ANALYTICS_HIT = "event=composite&groupBy=count&interval=30d&timezone=Europe%2FBerlin";

async function get(url: string, headers: Record<string, string> = {}): Promise<string | null> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status === 429) return null;
  if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}`);
  return res.headers.get("x-linklens-cache");
}

/** One GET over a kept-alive connection, with headers fetch would not send (Host); its status. */
const floorAgent = new Agent({ keepAlive: true, maxSockets: 1 });
function rawGet(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { agent: floorAgent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolvePromise(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The floor each way of answering imposes, on a trivial answer: a path no route serves (Next's
 * router, proxy.ts and the catch-all route's 404), and a read refused for its Host before any
 * lookup (answered before Next, lib/server/directReads.ts: Node's parsing, the Request, the check, the write).
 */
async function floors(service: Service, url: string, count: number): Promise<void> {
  const cases: { name: string; path: string; headers: Record<string, string>; status: number }[] = [
    { name: "Next's floor (GET /api/no-such-route → 404)", path: "/api/no-such-route", headers: {}, status: 404 },
    {
      name: "the direct path's floor (GET /api/events, Host refused → 400)",
      path: "/api/events",
      headers: { Host: "elsewhere.example" },
      status: 400,
    },
  ];
  for (const c of cases) {
    for (let n = 0; n < 20; n++) await rawGet(`${url}${c.path}`, c.headers);
    const walls: number[] = [];
    const [cpu] = await measure([service], count, 0, async () => {
      const started = performance.now();
      const status = await rawGet(`${url}${c.path}`, c.headers);
      walls.push(performance.now() - started);
      if (status !== c.status) throw new Error(`GET ${c.path} → ${status}, expected ${c.status}`);
    });
    walls.sort((a, b) => a - b);
    console.log(
      `${c.name}: dashboard ${cpu.toFixed(2)} ms CPU per request, wall p50 ${walls[walls.length >> 1].toFixed(2)} ms (${count})`,
    );
  }
}

/** Runs `count` requests, `paceMs` apart; returns each side's CPU ms per request. */
async function measure(
  services: Service[],
  count: number,
  paceMs: number,
  one: (n: number) => Promise<void>,
): Promise<number[]> {
  const before = await Promise.all(services.map((s) => groupCpuSeconds(s.pid)));
  for (let n = 0; n < count; n++) {
    const slot = sleep(paceMs);
    await one(n);
    await slot;
  }
  const after = await Promise.all(services.map((s) => groupCpuSeconds(s.pid)));
  return after.map((cpu, i) => ((cpu - before[i]) * 1000) / count);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: "string", default: ".bench/bench1m.duckdb" },
      "dist-dir": { type: "string", default: DIST_DIR },
      requests: { type: "string", default: "100" },
      hits: { type: "string", default: "300" },
      profile: { type: "string" },
      /** Node's flags for the dashboard's process, space-separated (a V8 heap setting, say). */
      "node-flags": { type: "string", default: "" },
    },
  });
  const requests = Number(values.requests);
  const hits = Number(values.hits);
  const distDir = values["dist-dir"];
  const cases = PROXY_CASES.map((c) => c.qs);
  const auth = { Authorization: `Bearer ${BUSINESS_KEY}` };
  console.log(`load average at start: ${await loadAverage()}`);
  const platform = await startPlatform(values.data, PLATFORM_PORT);
  try {
    // The platform alone, for scale: its CPU per direct request of the same pages (the key allows 4/s).
    for (let n = 0; n < 8; n++) await get(`${platform.url}/events?${cases[n % cases.length]}`, auth);
    const [direct] = await measure([platform.service], requests, 300, async (n) => {
      await get(`${platform.url}/events?${cases[n % cases.length]}`, auth);
    });
    console.log(`direct /events: platform ${direct.toFixed(1)} ms CPU per request (${requests})`);

    const profile = values.profile ? resolve(values.profile) : undefined;
    const nodeFlags = values["node-flags"].split(" ").filter((flag) => flag !== "");
    const nodeArgs = (run: string): string[] | undefined =>
      profile || nodeFlags.length > 0
        ? [...nodeFlags, ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}/${run}`] : [])]
        : undefined;
    const uncached = await startDashboard({
      upstream: platform.url,
      apiKey: "demo_business_key",
      cacheTtlMs: 0,
      distDir,
      port: DASHBOARD_PORT,
      nodeArgs: nodeArgs("miss"),
    });
    for (let n = 0; n < 8; n++) await get(`${uncached.url}/api/events?${cases[n % cases.length]}`);
    const [dashboardMiss, platformMiss] = await measure(
      [uncached.service, platform.service],
      requests,
      300,
      async (n) => {
        await get(`${uncached.url}/api/events?${cases[n % cases.length]}`);
      },
    );
    await uncached.service.stop();
    console.log(
      `proxied /api/events, cache off: dashboard ${dashboardMiss.toFixed(1)} ms CPU per request, platform ${platformMiss.toFixed(1)} ms (${requests})`,
    );

    const cached = await startDashboard({
      upstream: platform.url,
      apiKey: "demo_business_key",
      distDir,
      port: DASHBOARD_PORT,
      nodeArgs: nodeArgs("hit"),
    });
    for (let n = 0; n < 30; n++) await get(`${cached.url}/api/events?${cases[n % cases.length]}`);
    let notHits = 0;
    const [dashboardHit] = await measure([cached.service], hits, 0, async (n) => {
      if ((await get(`${cached.url}/api/events?${cases[n % cases.length]}`)) !== "hit") notHits += 1;
    });
    console.log(
      `cached /api/events: dashboard ${dashboardHit.toFixed(1)} ms CPU per hit (${hits}, ${notHits} not hits)`,
    );
    // A view's figures: a small reply, so what is left is the request's fixed cost (its timezone's canonical form among it).
    const figures = `${cached.url}/api/analytics?${ANALYTICS_HIT}`;
    for (let n = 0; n < 30; n++) await get(figures);
    let analyticsNotHits = 0;
    const [analyticsHit] = await measure([cached.service], hits, 0, async () => {
      if ((await get(figures)) !== "hit") analyticsNotHits += 1;
    });
    console.log(
      `cached /api/analytics (${ANALYTICS_HIT}): dashboard ${analyticsHit.toFixed(2)} ms CPU per hit (${hits}, ${analyticsNotHits} not hits)`,
    );
    await floors(cached.service, cached.url, hits);
    await cached.service.stop();
  } finally {
    await stopAll();
  }
  console.log(`load average at end: ${await loadAverage()}`);
}

runBenchMain(main);
