// Runs lint (ESLint, zero warnings: one check), the type check (tsc --noEmit: one check; the
// build skips it), every suite (unit + integration with vitest,
// end-to-end with Playwright against a production build) and ends with the total as "N passed, N failed".
import { spawnSync } from "node:child_process";
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

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };

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

const lintExit = run("lint (ESLint, zero warnings)", ["node_modules/eslint/bin/eslint.js", ".", "--max-warnings", "0"]);
if (lintExit === 0) totals.passed += 1;
else totals.failed += 1;

const typecheckExit = run("type check (tsc --noEmit)", ["node_modules/typescript/bin/tsc", "--noEmit"]);
if (typecheckExit === 0) totals.passed += 1;
else totals.failed += 1;

const buildExit = run("production build (end-to-end and key-secrecy tests use it)", ["node_modules/next/dist/bin/next", "build"]);

rmSync(`${results}/vitest.json`, { force: true });
const vitestExit = run("unit + integration (vitest)", [
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

/** Counts a vitest JSON report in the totals; a run that failed without a failed test failed to load. */
function countVitest(file, exit) {
  const report = readJson(file);
  if (!report) {
    totals.failed += 1;
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (exit !== 0 && report.numFailedTests === 0) totals.failed += 1;
}

// The platform's read-path suites again, with its events on ClickHouse (lib/platform/testing/globalSetup.ts):
// the server at CLICKHOUSE_URL when set, else the in-process engine. parity.int.test.ts (in the run
// above) compares both stores' answers request by request.
const CLICKHOUSE_SUITES = [
  "lib/platform/http/events.shapes.int.test.ts",
  "lib/platform/http/events.filters.int.test.ts",
  "lib/platform/http/events.paging.int.test.ts",
  "lib/platform/http/errors.int.test.ts",
  "lib/platform/query/analytics.shapes.int.test.ts",
  "lib/platform/query/analytics.time.int.test.ts",
  "lib/platform/query/saleAmounts.int.test.ts",
  "lib/platform/query/partners.int.test.ts",
];
rmSync(`${results}/vitest-clickhouse.json`, { force: true });
const clickhouseExit = run(
  "platform read path on ClickHouse (vitest, PLATFORM_STORE=clickhouse)",
  ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...CLICKHOUSE_SUITES, "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest-clickhouse.json`],
  { PLATFORM_STORE: "clickhouse" },
);
countVitest(`${results}/vitest-clickhouse.json`, clickhouseExit);

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
  } else {
    totals.failed += 1;
  }
}

const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
