// npm run loadtest: 3 dashboard replicas on Redis and PostgreSQL behind HAProxy, the embedded
// platform with the Pro key, simulated viewers opening and filtering shared URLs; prints what
// reached the platform and what the viewers got, with Redis up and then with it stopped mid-run.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd, stopAll } from "../bench/processes";
import { parseLoadTestArgs, UsageError, USAGE, type LoadTestArgs } from "./args";
import { ensureBuild } from "./build";
import { recordViews } from "./record";
import { printFigures, type Figures } from "./report";
import { runLoadTest } from "./run";
import { PLAN_PER_SECOND, startStack, type Stack } from "./stack";
import { readViews, VIEWS_FILE, writeViews, type ViewsFile } from "./views";

/** Its own build folder: never the developer's `.next` nor the tests' `.next-e2e`. */
const DIST_DIR = ".next-loadtest";
const SEED = { clicks: "30000", days: "60" };

const log = (line: string) => console.log(line);

function parse(): LoadTestArgs {
  try {
    const parsed = parseLoadTestArgs(process.argv.slice(2));
    if (parsed === "help") {
      console.log(USAGE);
      process.exit(0);
    }
    return parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`loadtest: ${error.message} (npm run loadtest -- --help)`);
    process.exit(2);
  }
}

/** The goals: within the plan upstream and no 429 from the platform, no 429 and no failure for a viewer. */
function missedGoals(f: Figures): string[] {
  const missed: string[] = [];
  if (f.upstream.busiestSecond > PLAN_PER_SECOND)
    missed.push(`upstream busiest second ${f.upstream.busiestSecond} > ${PLAN_PER_SECOND}`);
  if (f.upstream.platform429 > 0) missed.push(`${f.upstream.platform429} 429s from the platform`);
  if (f.viewer429 > 0) missed.push(`${f.viewer429} 429s reached viewers`);
  if (f.failed > 0) missed.push(`${f.failed} viewer requests failed`);
  return missed;
}

async function main(): Promise<number> {
  const args = parse();
  const dir = mkdtempSync(join(tmpdir(), "linklens-loadtest-"));
  let current: Stack | null = null;
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\nloadtest: ${signal}, stopping what it started…`);
      void (current?.stop() ?? Promise.resolve())
        .then(() => stopAll())
        .finally(() => {
          rmSync(dir, { recursive: true, force: true });
          process.exit(130);
        });
    });
  }
  try {
    const built = await ensureBuild(DIST_DIR);
    log(built === null ? `build: ${DIST_DIR} is up to date` : `build: built ${DIST_DIR} (${built})`);
    const dataFile = join(dir, "p.duckdb");
    await runToEnd("seed", [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/seed.ts",
      "--data",
      dataFile,
      "--clicks",
      SEED.clicks,
      "--days",
      SEED.days,
    ]);
    log(`seeded ${SEED.clicks} clicks over ${SEED.days} days into ${dataFile}`);
    const stackOptions = {
      dataFile,
      distDir: DIST_DIR,
      replicas: args.replicas,
      cacheTtlMs: args.cacheTtlMs,
      log,
      onStack: (stack: Stack | null) => (current = stack),
    };

    let views: ViewsFile;
    if (args.record || !existsSync(VIEWS_FILE)) {
      log(`recording the shared views' data requests from the real page (Chromium) into ${VIEWS_FILE}`);
      const stack = await startStack(stackOptions);
      current = stack;
      try {
        views = await recordViews(stack.url);
      } finally {
        await stack.stop();
        current = null;
      }
      writeViews(views);
    } else {
      views = readViews();
    }

    let missed = 0;
    for (const run of args.runs) {
      const outage = run === "outage";
      log(
        `\n${outage ? `run with Redis stopped for ${args.outageSeconds} s in the middle` : "run with Redis up"}: ${args.viewers} viewers for ${args.seconds} s, ${args.replicas} replicas, cache TTL ${args.cacheTtlMs} ms`,
      );
      const figures = await runLoadTest({
        ...stackOptions,
        viewers: args.viewers,
        seconds: args.seconds,
        seed: args.seed,
        groups: views.groups,
        ...(outage ? { outageSeconds: args.outageSeconds } : {}),
      });
      printFigures(figures, PLAN_PER_SECOND, log);
      const goals = missedGoals(figures);
      log(
        goals.length === 0
          ? "  goals met: within the plan upstream, no 429 from the platform, no 429 and no failure for a viewer"
          : `  GOALS MISSED: ${goals.join("; ")}`,
      );
      missed += goals.length;
    }
    return missed === 0 ? 0 : 1;
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`loadtest: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
