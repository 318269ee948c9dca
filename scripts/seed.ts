/**
 * npm run seed -- [--data <file>] [--clicks N] [--days D] [--seed S] [--now <ISO>]
 * Builds a fresh embedded-platform database; same arguments (and same --now) give the same data.
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { DEFAULT_SEED_OPTIONS, defaultNow, seedDatabase } from "../lib/platform/seed/index";

const USAGE =
  "usage: npm run seed -- [--data <file>] [--clicks N] [--days D] [--seed S] [--now <ISO date-time>]\n" +
  `  defaults: --data data/platform.duckdb --clicks ${DEFAULT_SEED_OPTIONS.clicks} --days ${DEFAULT_SEED_OPTIONS.days} ` +
  `--seed ${DEFAULT_SEED_OPTIONS.seed} --now <current time truncated to the hour>`;

class UsageError extends Error {}

interface Args {
  data: string;
  clicks: number;
  days: number;
  seed: number;
  now: number;
}

function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function isoTime(raw: string): number {
  // A date-time with an explicit zone, so "now" never depends on the machine's time zone.
  const shape = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
  const ms = Date.parse(raw);
  const [y, m, d] = raw.slice(0, 10).split("-").map(Number) as [number, number, number];
  const realDay = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
  if (!shape.test(raw) || Number.isNaN(ms) || !realDay) {
    throw new UsageError(`--now must be an ISO 8601 date-time with a zone, like 2026-01-31T12:00:00Z, got "${raw}"`);
  }
  return ms;
}

function parseArgs(argv: readonly string[]): Args | "help" {
  const args: Args = {
    data: "data/platform.duckdb",
    clicks: DEFAULT_SEED_OPTIONS.clicks,
    days: DEFAULT_SEED_OPTIONS.days,
    seed: DEFAULT_SEED_OPTIONS.seed,
    now: defaultNow(),
  };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return "help";
    const m = /^(--[a-z]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`unexpected argument "${arg}"`);
    const flag = m[1]!;
    if (!["--data", "--clicks", "--days", "--seed", "--now"].includes(flag)) throw new UsageError(`unknown flag ${flag}`);
    if (seen.has(flag)) throw new UsageError(`${flag} given twice`);
    seen.add(flag);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === "" || (m[2] === undefined && value.startsWith("--"))) {
      throw new UsageError(`${flag} needs a value`);
    }
    if (flag === "--data") args.data = value;
    else if (flag === "--clicks") args.clicks = integer(flag, value, 0, 10_000_000);
    else if (flag === "--days") args.days = integer(flag, value, 1, 3650);
    else if (flag === "--seed") args.seed = integer(flag, value, 0, 4_294_967_295);
    else args.now = isoTime(value);
  }
  return args;
}

async function main(): Promise<number> {
  let args: Args | "help";
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`seed: ${e.message} (see --help)`);
      return 2;
    }
    throw e;
  }
  if (args === "help") {
    console.log(USAGE);
    return 0;
  }
  try {
    await mkdir(dirname(args.data), { recursive: true });
    const { rows, seconds } = await seedDatabase(args.data, args);
    const counts = Object.entries(rows).map(([t, n]) => `${t}=${n}`).join(" ");
    console.log(
      `seeded ${args.data} in ${seconds.toFixed(1)}s (seed ${args.seed}, ${args.days} days up to ` +
        `${new Date(args.now).toISOString()}): ${counts}`,
    );
    return 0;
  } catch (e) {
    console.error(`seed: failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

process.exitCode = await main();
