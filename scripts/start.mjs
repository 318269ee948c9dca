// npm start: the dashboard, and (unless LINK_API_BASE_URL is set) the embedded platform it talks to.
//   LINK_API_BASE_URL + LINK_API_KEY set → only the dashboard, against that platform.
//   otherwise → seed data/platform.duckdb (PLATFORM_DATA) if missing, start the platform on 127.0.0.1:8787, then the dashboard.
// PORT (3000) and PLATFORM_PORT (8787) override the ports. The app is built when there is no build or a source is newer.
// Ctrl-C stops everything.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkBaseUrl } from "../lib/upstream/baseUrl.mjs";
import { buildState } from "./start/buildFreshness.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const node = process.execPath;
const tsx = join(root, "node_modules/tsx/dist/cli.mjs");
const nextBin = join(root, "node_modules/next/dist/bin/next");
const host = "127.0.0.1";
const port = process.env.PORT || "3000";
const platformPort = process.env.PLATFORM_PORT || "8787";
const dataFile = resolve(root, process.env.PLATFORM_DATA || "data/platform.duckdb");
const distDir = join(root, process.env.NEXT_DIST_DIR || ".next");
const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/** @type {{ name: string, child: import("node:child_process").ChildProcess }[]} */
const running = [];
let stopping = false;

function fail(message, code = 1) {
  console.error(`linklens: ${message}`);
  stopAll(code);
}

function checkPort(name, value) {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`linklens: ${name} must be a port number from 1 to 65535, got "${value}".`);
    process.exit(2);
  }
}

/** Children run in their own process group, so Ctrl-C reaches them only through us, in order. */
function start(name, args, env, stdout = "inherit") {
  const child = spawn(node, args, { cwd: root, env, stdio: ["ignore", stdout, "inherit"], detached: true });
  running.push({ name, child });
  child.on("exit", (code, signal) => {
    const index = running.findIndex((r) => r.child === child);
    if (index !== -1) running.splice(index, 1);
    // Whatever the child left behind in its group (tsx runs the script in a grandchild) goes too.
    signalGroup(child, "SIGTERM");
    if (!stopping) fail(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`, code || 1);
    else if (running.length === 0) process.exit(process.exitCode ?? 0);
  });
  return child;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (running.length === 0) process.exit(code);
  for (const { child } of running) signalGroup(child, "SIGTERM");
  setTimeout(() => {
    for (const { child } of running) signalGroup(child, "SIGKILL");
    process.exit(code || 1);
  }, 8000).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (!stopping) console.log("\nlinklens: stopping…");
    stopAll(0);
  });
}
process.on("exit", () => {
  for (const { child } of running) signalGroup(child, "SIGKILL");
});

function runToEnd(label, args, cleanup = () => {}) {
  console.log(`linklens: ${label}…`);
  const result = spawnSync(node, args, { cwd: root, env: baseEnv, stdio: "inherit" });
  if (result.status !== 0) {
    cleanup();
    console.error(`linklens: ${label} failed (${result.signal ?? `exit code ${result.status}`}).`);
    process.exit(result.status || 1);
  }
}

function seedIfMissing() {
  if (existsSync(dataFile)) return;
  mkdirSync(dirname(dataFile), { recursive: true });
  // Seed beside the target and rename, so an interrupted seed never leaves a half-written database.
  const partial = `${dataFile}.partial`;
  const cleanup = () => {
    rmSync(partial, { force: true });
    rmSync(`${partial}.wal`, { force: true });
  };
  cleanup();
  runToEnd(`seeding ${dataFile} (first start only)`, [tsx, "scripts/seed.ts", "--data", partial], cleanup);
  if (existsSync(`${partial}.wal`)) renameSync(`${partial}.wal`, `${dataFile}.wal`);
  renameSync(partial, dataFile);
}

function startPlatform() {
  const args = [tsx, "scripts/platform.ts", "--data", dataFile, "--port", platformPort, "--host", host];
  const child = start("the embedded platform", args, baseEnv, "pipe");
  return new Promise((resolveUrl) => {
    let seen = "";
    const timer = setTimeout(() => fail("the embedded platform did not start within 60 s."), 60_000);
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
  const state = buildState(root, distDir);
  if (state === "fresh") return;
  runToEnd(state === "missing" ? "building the dashboard (first start only)" : "rebuilding the dashboard (sources changed since the last build)", [nextBin, "build"]);
}

function waitForPort(portNumber, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolveReady, reject) => {
    const attempt = () => {
      const socket = connect(Number(portNumber), host);
      socket.once("connect", () => {
        socket.destroy();
        resolveReady();
      });
      socket.once("error", () => {
        socket.destroy();
        if (stopping) return;
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${portNumber} after ${timeoutMs / 1000} s`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

async function startDashboard(baseUrl, apiKey, platformUrl) {
  buildIfNeeded();
  const env = { ...baseEnv, LINK_API_BASE_URL: baseUrl, LINK_API_KEY: apiKey };
  start("the dashboard", [nextBin, "start", "-H", host, "-p", port], env);
  try {
    await waitForPort(port, 60_000);
  } catch (error) {
    fail(`the dashboard did not start: ${error.message}.`);
    return;
  }
  console.log("");
  console.log(`Linklens dashboard: http://${host}:${port}`);
  console.log(platformUrl ? `Embedded platform: ${platformUrl}` : `Link platform: ${baseUrl}`);
  console.log("Press Ctrl-C to stop.");
}

async function main() {
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
      console.error("linklens: LINK_API_BASE_URL is set but LINK_API_KEY is not; set both to use that platform, or neither for the embedded one.");
      process.exit(2);
    }
    await startDashboard(checked.url, key, null);
    return;
  }
  checkPort("PLATFORM_PORT", platformPort);
  if (process.env.LINK_API_KEY) console.log("linklens: LINK_API_BASE_URL is not set, so LINK_API_KEY is ignored and the embedded platform's demo key is used.");
  seedIfMissing();
  const platformUrl = await startPlatform();
  await startDashboard(platformUrl, "demo_business_key", platformUrl);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
