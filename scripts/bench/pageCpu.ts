// The dashboard's CPU per warm page render (issue 20), independent of how loaded the machine is:
// two builds (this one and another, say the base's) side by side against one platform, each
// signed in as the owner with every reply of the view in its reply cache, then runs of
// `--requests` page loads with a plain HTTP client, alternating between the builds (A B A B), and
// each build's CPU (user + system of its process group, /proc/<pid>/stat) per page.
//
//   node --import tsx scripts/bench/pageCpu.ts --a .next-bench --b .next-base [--data .bench/bench1m-365d.duckdb]
//     [--path '/?interval=30d&...'] [--requests 40] [--rounds 3] [--key demo_pro_key] [--profile <dir>] [--html <dir>]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { prepareSignIn, SECRET, PAGE_VIEWS } from "./pageTimings";
import { groupCpuSeconds, loadAverage } from "./processCpu";
import { stopAll, stopChildrenOnExit } from "./processes";
import { DASHBOARD_PORT, PLATFORM_PORT, startDashboard, startPlatform, type Running } from "./services";

interface Side {
  name: string;
  dashboard: Running;
  cookie: string;
  dataDir: string;
  cpuMs: number[];
  bytes: number;
}

async function page(side: Side, path: string): Promise<string> {
  const res = await fetch(`${side.dashboard.url}${path}`, { headers: { cookie: side.cookie } });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${side.name}: GET ${path} → ${res.status}`);
  return html;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: "string", default: ".next-bench" },
      b: { type: "string", default: ".next-base" },
      data: { type: "string", default: ".bench/bench1m-365d.duckdb" },
      path: { type: "string", default: PAGE_VIEWS[1].path },
      requests: { type: "string", default: "40" },
      rounds: { type: "string", default: "3" },
      key: { type: "string", default: "demo_pro_key" },
      profile: { type: "string" },
      /** A folder to write each build's warm page to (<build>.html), to see what the HTML holds. */
      html: { type: "string" },
    },
  });
  stopChildrenOnExit();
  const requests = Number(values.requests);
  const path = values.path;
  console.log(`load average at start: ${await loadAverage()}`);
  const platform = await startPlatform(values.data, PLATFORM_PORT);
  const sides: Side[] = [];
  try {
    for (const [n, distDir] of [values.a, values.b].entries()) {
      const dataDir = mkdtempSync(join(tmpdir(), "linklens-bench-pagecpu-"));
      const signIn = { secret: SECRET, dataDir };
      const port = DASHBOARD_PORT + n;
      const setup = await startDashboard({
        upstream: platform.url,
        apiKey: "demo_business_key",
        distDir,
        signIn,
        port,
      });
      const signedIn = await prepareSignIn(setup, []);
      await setup.service.stop();
      const profile = values.profile ? [`--cpu-prof`, `--cpu-prof-dir=${resolve(values.profile)}/${distDir}`] : [];
      const dashboard = await startDashboard({
        upstream: platform.url,
        apiKey: values.key,
        distDir,
        signIn,
        port,
        cacheTtlMs: 600_000,
        nodeArgs: profile.length ? profile : undefined,
      });
      const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      sides.push({ name: distDir, dashboard, cookie, dataDir, cpuMs: [], bytes: 0 });
    }
    // Warm: every reply in the reply cache (the Pro key's 2/s: a few loads, paced).
    for (const side of sides) {
      for (let n = 0; n < 6; n++) {
        side.bytes = (await page(side, path)).length;
        await new Promise((r) => setTimeout(r, 1500));
      }
      if (!side.bytes) throw new Error(`${side.name}: empty page`);
      if (values.html) writeFileSync(join(values.html, `${side.name.replace(/^\./, "")}.html`), await page(side, path));
    }
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const side of sides) {
        const before = await groupCpuSeconds(side.dashboard.service.pid);
        for (let n = 0; n < requests; n++) await page(side, path);
        const after = await groupCpuSeconds(side.dashboard.service.pid);
        side.cpuMs.push(((after - before) * 1000) / requests);
        console.log(
          `round ${round + 1} ${side.name}: ${side.cpuMs.at(-1)?.toFixed(1)} ms CPU per page (load ${await loadAverage()})`,
        );
      }
    }
    for (const side of sides) {
      const sorted = [...side.cpuMs].sort((x, y) => x - y);
      console.log(
        `${side.name}: median ${sorted[sorted.length >> 1].toFixed(1)} ms CPU per warm page (${sorted.map((v) => v.toFixed(1)).join(", ")}), HTML ${side.bytes} chars`,
      );
    }
    console.log(`load average at end: ${await loadAverage()}`);
  } finally {
    await stopAll();
    for (const side of sides) rmSync(side.dataDir, { recursive: true, force: true });
  }
}

await main();
