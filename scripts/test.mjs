// Runs the formatter's check (Biome: one check), lint (ESLint, zero warnings: one check), the type check (tsc --noEmit: one check; the
// build skips it), every suite (unit + integration with vitest,
// end-to-end with Playwright against a production build) and ends with the total as "N passed, N failed".
// Lint and the build run side by side (lint mostly on one core); their output is printed whole as
// each ends, so it does not interleave.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChdb } from "./testing/installChdb.mjs";

const node = process.execPath;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e" };
const results = "test-results";
mkdirSync(results, { recursive: true });

function run(label, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const { status } = spawnSync(node, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  console.log(`◀ ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return status ?? 1;
}

/** Runs a step beside others, its output kept until it ends. Resolves to its exit status. */
function runBeside(label, args, extraEnv = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(node, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...env, ...extraEnv } });
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const end = (status) => {
      console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(chunks));
      console.log(`◀ ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolve(status ?? 1);
    };
    child.on("error", (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      end(1);
    });
    child.on("close", (status) => end(status));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };

/** The titles of the end-to-end tests Playwright's JSON report marks flaky (failed, then passed on the retry). */
function flakyTitles(suites, path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((test) => test.status === "flaky").map(() => [...path, suite.title, spec.title].join(" › ")),
    ),
    ...flakyTitles(suite.suites ?? [], [...path, suite.title]),
  ]);
}

// The ClickHouse event store's suites run on the in-process engine (npm chdb), kept out of the
// dependencies for its size: installed here when missing (about 10-20 s from npm, ~540 MB).
console.log("\n▶ the in-process ClickHouse engine for the tests (npm chdb)");
try {
  const { installed, seconds } = ensureChdb();
  console.log(installed ? `◀ installed in ${seconds.toFixed(0)} s` : "◀ already installed");
} catch (err) {
  console.error(`◀ ${err instanceof Error ? err.message : String(err)}`);
  totals.failed += 1;
}

// The formatter first: a second, so a formatting slip is named before the long steps.
const formatExit = run("format (Biome; `npm run format` fixes)", [
  "node_modules/@biomejs/biome/bin/biome",
  "format",
  ".",
]);

// The type check comes after the build: it reads the route types the build writes (next-env.d.ts).
const [lintExit, buildExit] = await Promise.all([
  runBeside("lint (ESLint, zero warnings)", ["node_modules/eslint/bin/eslint.js", ".", "--max-warnings", "0"]),
  runBeside("production build (end-to-end and key-secrecy tests use it)", ["node_modules/next/dist/bin/next", "build"]),
]);
const typecheckExit = run("type check (tsc --noEmit)", ["node_modules/typescript/bin/tsc", "--noEmit"]);
for (const exit of [formatExit, lintExit, typecheckExit]) {
  if (exit === 0) totals.passed += 1;
  else totals.failed += 1;
}

rmSync(`${results}/vitest.json`, { force: true });
// The integration projects include the platform's read-path suites again with its events on
// ClickHouse (vitest.config.ts).
const vitestExit = run("unit + integration (vitest; the platform's read path also on ClickHouse)", [
  "node_modules/vitest/vitest.mjs",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${results}/vitest.json`,
]);
const vitest = readJson(`${results}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (vitestExit !== 0 && vitest.numFailedTests === 0) totals.failed += 1; // a suite failed to load
} else {
  totals.failed += 1;
}

if (buildExit !== 0) {
  totals.failed += 1;
} else {
  rmSync(`${results}/e2e.json`, { force: true });
  const e2eExit = run("end-to-end (Playwright, Chromium)", ["node_modules/@playwright/test/cli.js", "test"]);
  const e2e = existsSync(`${results}/e2e.json`) ? readJson(`${results}/e2e.json`) : null;
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2eExit !== 0 && e2e.stats.unexpected === 0) totals.failed += 1;
    const flaky = flakyTitles(e2e.suites ?? []);
    if (flaky.length > 0)
      console.log(`\nPassed only on their retry (flaky, to be fixed):\n${flaky.map((t) => `  ${t}`).join("\n")}`);
  } else {
    totals.failed += 1;
  }
}

const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
