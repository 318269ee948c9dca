// What an extra hop costs by itself (issue 20): p50 wall time of the same /events page direct,
// through a bare store-and-forward relay (undici's request on a keep-alive pool, the whole body
// read, then written: the proxy's shape, none of its work), and through the dashboard's
// /api/events (cache off), in rotating order at the bench's pace. Needs a build in --dist-dir.
//
//   node --import tsx scripts/bench/proxyHop.ts [--data .bench/bench1m.duckdb] [--dist-dir .next-bench]
//     [--samples 60] [--relay-port 4716]
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";
import { BUSINESS_KEY } from "./events";
import { stopAll, runBenchMain } from "./processes";
import { PROXY_CASES, PROXY_PACE_MS } from "./proxyOverhead";
import { DASHBOARD_PORT, DIST_DIR, PLATFORM_PORT, startDashboard, startPlatform } from "./services";
import { figures, sleep } from "./stats";
import { timedFetch } from "./http";

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const { ms, status } = await timedFetch(url, headers);
  if (status !== 200) throw new Error(`GET ${url} → ${status}`);
  return ms;
}

const p50 = (values: readonly number[]): number => figures(values).p50;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: "string", default: ".bench/bench1m.duckdb" },
      "dist-dir": { type: "string", default: DIST_DIR },
      samples: { type: "string", default: "60" },
      "relay-port": { type: "string", default: process.env.BENCH_RELAY_PORT ?? "8875" },
    },
  });
  const samples = Number(values.samples);
  const platform = await startPlatform(values.data, PLATFORM_PORT);
  const dashboard = await startDashboard({
    upstream: platform.url,
    apiKey: BUSINESS_KEY,
    cacheTtlMs: 0,
    distDir: values["dist-dir"],
    port: DASHBOARD_PORT,
  });
  const pool = new Agent();
  const relay = createServer((req, res) => {
    const path = (req.url ?? "/").replace(/^\/api/, "");
    request(`${platform.url}${path}`, {
      headers: { Authorization: `Bearer ${BUSINESS_KEY}`, Accept: "application/json" },
      dispatcher: pool,
    })
      .then(async (reply) => {
        const body = Buffer.from(await reply.body.arrayBuffer());
        res.writeHead(reply.statusCode, { "content-type": "application/json", "content-length": body.byteLength });
        res.end(body);
      })
      .catch(() => {
        res.statusCode = 502;
        res.end();
      });
  });
  const relayPort = Number(values["relay-port"]);
  await new Promise<void>((resolve) => relay.listen(relayPort, "127.0.0.1", resolve));
  try {
    const auth = { Authorization: `Bearer ${BUSINESS_KEY}` };
    const sides = [
      { name: "direct /events", run: (qs: string) => timed(`${platform.url}/events?${qs}`, auth) },
      { name: "bare relay", run: (qs: string) => timed(`http://127.0.0.1:${relayPort}/api/events?${qs}`) },
      { name: "dashboard /api/events", run: (qs: string) => timed(`${dashboard.url}/api/events?${qs}`) },
    ];
    const times = sides.map(() => [] as number[]);
    const warmup = 5;
    for (let i = 0; i < warmup + samples; i++) {
      const qs = PROXY_CASES[i % PROXY_CASES.length].qs;
      for (let k = 0; k < sides.length; k++) {
        const side = (i + k) % sides.length;
        const slot = sleep(PROXY_PACE_MS);
        const ms = await sides[side].run(qs);
        if (i >= warmup) times[side].push(ms);
        await slot;
      }
    }
    const direct = p50(times[0]);
    for (const [k, side] of sides.entries()) {
      const mid = p50(times[k]);
      console.log(
        `${side.name}: p50 ${mid.toFixed(1)} ms (${(mid / direct).toFixed(2)}× direct, +${(mid - direct).toFixed(1)} ms)`,
      );
    }
  } finally {
    relay.close();
    await pool.close();
    await stopAll();
  }
}

runBenchMain(main);
