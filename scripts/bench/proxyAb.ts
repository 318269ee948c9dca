// The proxy step's pairs (issue 20) on two builds in turn against one platform, A B A B: the
// wall ratio to the direct request and each server's CPU per request, per run, so a change is
// compared with the code before it at the same load. Build each first (NEXT_DIST_DIR=<dir> next build).
//
//   node --import tsx scripts/bench/proxyAb.ts --a .next-base --b .next-bench
//     [--data .bench/bench1m-365d.duckdb] [--rounds 2] [--samples 30] [--warmup 3]
import { parseArgs } from "node:util";
import { loadAverage } from "./processCpu";
import { stopAll, runBenchMain } from "./processes";
import { benchProxyOverhead, cpuRatio } from "./proxyOverhead";
import { DASHBOARD_PORT, PLATFORM_PORT, startDashboard, startPlatform } from "./services";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: "string" },
      b: { type: "string" },
      data: { type: "string", default: ".bench/bench1m-365d.duckdb" },
      rounds: { type: "string", default: "2" },
      samples: { type: "string", default: "30" },
      warmup: { type: "string", default: "3" },
    },
  });
  if (!values.a || !values.b) throw new Error("--a <dist dir> and --b <dist dir> are required");
  const builds = [values.a, values.b];
  const pace = { samples: Number(values.samples), warmup: Number(values.warmup) };
  const platform = await startPlatform(values.data, PLATFORM_PORT);
  console.log("build\tload\tdirect p50\tproxy p50\tratio\tplatform CPU direct\tdashboard CPU\tCPU ratio");
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const distDir of builds) {
        const load = await loadAverage();
        const dashboard = await startDashboard({
          upstream: platform.url,
          apiKey: "demo_business_key",
          cacheTtlMs: 0,
          distDir,
          port: DASHBOARD_PORT,
        });
        try {
          const { all } = await benchProxyOverhead(platform.url, dashboard.url, pace, {
            platform: platform.service.pid,
            dashboard: dashboard.service.pid,
          });
          const cpu = all.cpu;
          console.log(
            [
              distDir,
              load,
              all.direct.p50,
              all.proxy.p50,
              (all.proxy.p50 / all.direct.p50).toFixed(2),
              cpu?.platformDirect,
              cpu?.dashboard,
              cpu ? cpuRatio(cpu).toFixed(2) : "",
            ].join("\t"),
          );
        } finally {
          await dashboard.service.stop();
        }
      }
    }
  } finally {
    await stopAll();
  }
}

runBenchMain(main);
