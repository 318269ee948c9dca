// npm start: the dashboard, and (unless LINK_API_BASE_URL is set) the embedded platform it talks to.
//   LINK_API_BASE_URL + LINK_API_KEY set → only the dashboard, against that platform.
//   otherwise → seed data/platform.duckdb (PLATFORM_DATA) if missing and start the platform on 127.0.0.1:8787 (beside the build), then the dashboard.
//   CLICKHOUSE_URL set (the password in it or in CLICKHOUSE_PASSWORD) → the platform's events on that ClickHouse server
//   (--store clickhouse; the seed's events copied there when it holds none), every other table in the file (docs/clickhouse.md).
// PORT (3000) and PLATFORM_PORT (8787) override the ports. The app is built when there is no build or a source is newer
// (type checking is npm test's, not the build's); the build's output goes to data/build.log, and the seed and the platform start beside it.
// HOST (127.0.0.1) is the dashboard's address: beyond loopback it needs sign-in (LINKLENS_SECRET) and PUBLIC_URL.
// Ctrl-C stops everything.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeOptionsWithHeaderLimit } from "../lib/http/headerLimit.mjs";
import { checkBaseUrl } from "../lib/upstream/baseUrl.mjs";
import { buildStatus } from "./start/buildFreshness.mjs";
import { createChildren, secondsSince, shown } from "./start/children.mjs";
import { KEEP_ALIVE_ARGS } from "./start/keepAlive.mjs";
import { checkHost, checkPort, httpOrigin, reachableHost } from "./start/settings.mjs";
import { dataLines, relayDashboardOutput } from "./start/summary.mjs";
import { waitForPort } from "./start/waitForPort.mjs";
import { firstWarmUpPaths, machineZone, warmUp, workspaceWarmUpPath } from "./start/warmUp.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const node = process.execPath;
const tsx = join(root, "node_modules/tsx/dist/cli.mjs");
const nextBin = join(root, "node_modules/next/dist/bin/next");
const host = "127.0.0.1";
const dashboardHost = process.env.HOST?.trim() || host;
const port = process.env.PORT || "3000";
const platformPort = process.env.PLATFORM_PORT || "8787";
const dataFile = resolve(root, process.env.PLATFORM_DATA || "data/platform.duckdb");
/** The platform's events on the ClickHouse server at CLICKHOUSE_URL, when set (the seed's and the platform's `--store`). */
const storeArgs = process.env.CLICKHOUSE_URL?.trim() ? ["--store", "clickhouse"] : [];
const distDir = join(root, process.env.NEXT_DIST_DIR || ".next");
const buildLog = join(root, "data", "build.log");
const startedAt = Date.now();
const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
/**
 * The embedded platform pushes its events to the dashboard's receiver (POST /api/webhooks), signed
 * with this secret: the one configured, else one made for this run. The live view then works out
 * of the box.
 */
const webhookSecret = process.env.LINK_WEBHOOK_SECRET?.trim() || randomBytes(24).toString("hex");
const dashboardReach = reachableHost(dashboardHost, host);
const children = createChildren({ root, env: baseEnv });
const { fail, runToEnd, start } = children;

/**
 * The seed writes beside the file and renames it into place when complete (lib/platform/seed), so
 * an interrupted seed never leaves a database here. A file that is not a complete seed of this
 * version (one from before the seed's completion marker, say) is replaced: the platform would
 * refuse it.
 */
function seedIfNeeded() {
  if (!existsSync(dataFile))
    return runToEnd(`seeding ${shown(dataFile)} (first start only)`, [
      tsx,
      "scripts/seed.ts",
      "--data",
      dataFile,
      ...storeArgs,
    ]);
  const checked = spawnSync(node, [tsx, "scripts/seed.ts", "--data", dataFile, "--if-incomplete", ...storeArgs], {
    cwd: root,
    env: baseEnv,
    stdio: "inherit",
  });
  if (checked.status !== 0) {
    console.error(`linklens: seeding ${dataFile} failed (${checked.signal ?? `exit code ${checked.status}`}).`);
    process.exit(checked.status || 1);
  }
  return Promise.resolve();
}

/** A dashboard database being made beside the build, removed if this start ends before it is complete. */
let partialDashboardData = null;
process.on("exit", () => {
  if (partialDashboardData) rmSync(partialDashboardData, { recursive: true, force: true });
});

/**
 * The dashboard's own database (PGlite in data/dashboard, DASHBOARD_DATA, unless DATABASE_URL is
 * set) made and migrated beside the build on a first start: a fresh PGlite runs initdb, which
 * was most of the dashboard's first request (15 of its 21 s on a loaded 2-core machine). Made
 * beside and renamed into place when complete, so an interrupted start leaves no half-made
 * database; the dashboard opens it as any later start does (its migrations then have nothing to do).
 */
function prepareDashboardData() {
  if (process.env.DATABASE_URL?.trim()) return Promise.resolve();
  const dir = resolve(root, process.env.DASHBOARD_DATA?.trim() || "data/dashboard");
  if (existsSync(dir)) return Promise.resolve();
  const partial = `${dir}.partial-${process.pid}`;
  partialDashboardData = partial;
  return runToEnd("preparing the dashboard's database (first start only)", [
    "--conditions=react-server",
    "--import",
    "tsx",
    "scripts/e2e/dashboardTemplate.ts",
    partial,
  ]).then(() => {
    renameSync(partial, dir);
    partialDashboardData = null;
  });
}

function startPlatform() {
  const receiver = `${httpOrigin(dashboardReach, port)}/api/webhooks`;
  const args = [
    tsx,
    "scripts/platform.ts",
    "--data",
    dataFile,
    "--writable",
    "--port",
    platformPort,
    "--host",
    host,
    ...storeArgs,
  ];
  // The secret goes in the environment (readable by this user only), never in argv (`ps` shows that to everyone).
  args.push("--webhook-url", receiver, "--webhook-key", "demo_business_key");
  const child = start("the embedded platform", args, { ...baseEnv, LINK_WEBHOOK_SECRET: webhookSecret }, "pipe");
  return new Promise((resolveUrl) => {
    let seen = "";
    // Generous: it starts beside the build, which takes both cores.
    const timer = setTimeout(() => fail("the embedded platform did not start within 120 s."), 120_000);
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      if (seen === null) return;
      seen += chunk.toString();
      const match = /platform listening on (https?:\/\/\S+)/.exec(seen);
      if (match) {
        seen = null;
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
  });
}

function buildIfNeeded() {
  const status = buildStatus(root, distDir);
  if (status.state === "fresh") return Promise.resolve();
  const label =
    status.state === "missing"
      ? "building the dashboard (first start only)"
      : `rebuilding the dashboard (${shown(status.newer)} changed since the last build)`;
  return runToEnd(label, [nextBin, "build"], buildLog);
}

async function startDashboard(baseUrl, apiKey, platformUrl) {
  // The contract's longest query string exceeds Node's default header limit (lib/http/headerLimit.mjs).
  const env = {
    ...baseEnv,
    LINK_API_BASE_URL: baseUrl,
    LINK_API_KEY: apiKey,
    NODE_OPTIONS: nodeOptionsWithHeaderLimit(baseEnv.NODE_OPTIONS),
  };
  const child = start(
    "the dashboard",
    [nextBin, "start", "-H", dashboardHost, "-p", port, ...KEEP_ALIVE_ARGS],
    { ...env, PORT: port },
    "pipe",
  );
  let setupLink = null;
  let startupDone = () => {};
  const instrumented = new Promise((resolveStarted) => (startupDone = resolveStarted));
  relayDashboardOutput(
    child,
    (link) => (setupLink = link),
    () => startupDone(),
  );
  try {
    await waitForPort(port, 60_000, dashboardReach, children.isStopping);
  } catch (error) {
    fail(`the dashboard did not start: ${error.message}.`);
    return;
  }
  // Next loads the code of a route (and runs the instrumentation that prints the setup link) on its
  // first request, and a view's first render does per-process work of its own (scripts/start/warmUp.mjs):
  // made here, the person's first page is not the one that waits for it.
  const reach = httpOrigin(dashboardReach, port);
  const zone = machineZone();
  let home = "";
  for (const path of firstWarmUpPaths(zone)) home = await warmUp(`${reach}${path}`);
  const workspace = workspaceWarmUpPath(home, zone);
  if (workspace) await warmUp(`${reach}${workspace}`);
  // The summary comes after the instrumentation's own output (the setup link), however slow the machine.
  await Promise.race([instrumented, new Promise((resolveWait) => setTimeout(resolveWait, 30_000))]);
  console.log("");
  console.log(`Linklens dashboard: ${process.env.PUBLIC_URL?.trim() || `http://${host}:${port}`}`);
  if (setupLink) console.log(`First owner's setup link (once): ${setupLink}`);
  console.log(
    platformUrl ? `Embedded platform: ${platformUrl} (demo key: demo_business_key)` : `Link platform: ${baseUrl}`,
  );
  const where = { root, dataFile, platformUrl, clickhouse: storeArgs.length > 0, env: process.env };
  for (const line of dataLines(where)) console.log(line);
  console.log(`Started in ${secondsSince(startedAt)}. Press Ctrl-C to stop.`);
}

async function main() {
  checkHost(dashboardHost, process.env);
  checkPort("PORT", port);
  const external = process.env.LINK_API_BASE_URL;
  if (external !== undefined && external.trim() !== "") {
    const checked = checkBaseUrl(external);
    if (!checked.ok) {
      console.error(`linklens: ${checked.message}`);
      process.exit(2);
    }
    const key = process.env.LINK_API_KEY?.trim();
    if (!key) {
      console.error(
        "linklens: LINK_API_BASE_URL is set but LINK_API_KEY is not; set both to use that platform, or neither for the embedded one.",
      );
      process.exit(2);
    }
    await Promise.all([buildIfNeeded(), prepareDashboardData()]);
    await startDashboard(checked.url, key, null);
    return;
  }
  checkPort("PLATFORM_PORT", platformPort);
  if (process.env.LINK_API_KEY)
    console.log(
      "linklens: LINK_API_BASE_URL is not set, so LINK_API_KEY is ignored and the embedded platform's demo key is used.",
    );
  // The build beside the dashboard's database, the seed and then the platform's start, which is off the first start's critical
  // path that way (its own start took 15-30 s on a loaded 2-core machine). The platform delivers to
  // the dashboard only what is tracked meanwhile; a delivery the dashboard, not yet listening,
  // misses is retried later, and this start's registration clears the receiver's failure count.
  // The build goes first: a later start's seed check (the file is complete) runs synchronously.
  const built = Promise.all([buildIfNeeded(), prepareDashboardData()]);
  const platformUrl = await seedIfNeeded().then(startPlatform);
  await built;
  baseEnv.LINK_WEBHOOK_SECRET = webhookSecret;
  await startDashboard(platformUrl, "demo_business_key", platformUrl);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
