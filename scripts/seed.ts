/**
 * npm run seed -- [--data <file>] [--clicks N] [--days D] [--seed S] [--now <ISO>] [--if-incomplete]
 * Builds a fresh embedded-platform database; same arguments (and same --now) give the same data.
 * The file is written beside --data and renamed into place when complete: interrupted (Ctrl-C,
 * a crash, a kill), it leaves --data as it was, and its leftovers are removed by the next seed.
 * --store clickhouse: then copies the file's events into the ClickHouse store at CLICKHOUSE_URL
 * (replacing the events there; docs/clickhouse.md), which the platform serves with --store clickhouse.
 */
import { rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { isIsoInstant } from "../lib/contract/timestamps";
import { seedingFile } from "../lib/platform/seed/atomicFile";
import { DEFAULT_SEED_OPTIONS, defaultNow, seedDatabase } from "../lib/platform/seed/index";
import { checkSeedFile } from "../lib/platform/store/seedMarker";
import { DuckDBInstance } from "@duckdb/node-api";
import { clickHouseUrl, openEventStore } from "../lib/platform/clickhouse/connect";
import { copyEvents, countEvents, truncateEvents } from "../lib/platform/clickhouse/copyEvents";

const USAGE =
  "usage: npm run seed -- [--data <file>] [--clicks N] [--days D] [--seed S] [--now <ISO date-time>] [--if-incomplete]\n" +
  `  defaults: --data data/platform.duckdb --clicks ${DEFAULT_SEED_OPTIONS.clicks} --days ${DEFAULT_SEED_OPTIONS.days} ` +
  `--seed ${DEFAULT_SEED_OPTIONS.seed} --now <current time truncated to the hour>\n` +
  "  --if-incomplete: keep --data when it already is a complete seed of this version (whatever its options)\n" +
  "  --store clickhouse: also copy the events into the ClickHouse store at CLICKHOUSE_URL (replacing its events)";

class UsageError extends Error {}

/** The largest seed asked for: 100M clicks (over two years, the scale case), in flat memory. */
const MAX_CLICKS = 100_000_000;

interface Args {
  data: string;
  ifIncomplete: boolean;
  clicks: number;
  days: number;
  seed: number;
  now: number;
  store: "duckdb" | "clickhouse";
}

function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function isoTime(raw: string): number {
  // A date-time with an explicit zone, so "now" never depends on the machine's time zone.
  const ms = Date.parse(raw);
  const [y, m, d] = raw.slice(0, 10).split("-").map(Number) as [number, number, number];
  const realDay = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
  if (!isIsoInstant(raw) || Number.isNaN(ms) || !realDay) {
    throw new UsageError(`--now must be an ISO 8601 date-time with a zone, like 2026-01-31T12:00:00Z, got "${raw}"`);
  }
  return ms;
}

const FLAGS = ["data", "clicks", "days", "seed", "now", "store"] as const;
type Flag = (typeof FLAGS)[number];
const isFlag = (name: string): name is Flag => (FLAGS as readonly string[]).includes(name);

/**
 * node:util's parseArgs splits the arguments; the rules are ours, checked token by token in
 * order: lowercase long flags only, each once, each with a value (a flag is not a value).
 */
function parse(argv: readonly string[]): Args | "help" {
  const { tokens } = parseArgs({
    args: [...argv],
    options: {
      ...Object.fromEntries(FLAGS.map((flag) => [flag, { type: "string" } as const])),
      help: { type: "boolean", short: "h" },
      "if-incomplete": { type: "boolean" },
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const args: Args = {
    data: "data/platform.duckdb",
    ifIncomplete: false,
    clicks: DEFAULT_SEED_OPTIONS.clicks,
    days: DEFAULT_SEED_OPTIONS.days,
    seed: DEFAULT_SEED_OPTIONS.seed,
    now: defaultNow(),
    store: "duckdb",
  };
  const seen = new Set<Flag>();
  for (const token of tokens) {
    if (token.kind === "option" && token.name === "help" && token.value === undefined) return "help";
    if (token.kind === "option" && token.rawName === "--if-incomplete" && token.value === undefined) {
      if (args.ifIncomplete) throw new UsageError("--if-incomplete given twice");
      args.ifIncomplete = true;
      continue;
    }
    const arg = token.kind === "option-terminator" ? "--" : argv[token.index];
    if (token.kind !== "option" || !/^--[a-z]+$/.test(token.rawName))
      throw new UsageError(`unexpected argument "${arg}"`);
    const flag = token.rawName;
    if (!isFlag(token.name)) throw new UsageError(`unknown flag ${flag}`);
    if (seen.has(token.name)) throw new UsageError(`${flag} given twice`);
    seen.add(token.name);
    const value = token.value;
    if (value === undefined || value === "" || (!token.inlineValue && value.startsWith("--")))
      throw new UsageError(`${flag} needs a value`);
    if (token.name === "data") args.data = value;
    else if (token.name === "clicks") args.clicks = integer(flag, value, 0, MAX_CLICKS);
    else if (token.name === "days") args.days = integer(flag, value, 1, 3650);
    else if (token.name === "seed") args.seed = integer(flag, value, 0, 4_294_967_295);
    else if (token.name === "store") {
      if (value !== "duckdb" && value !== "clickhouse")
        throw new UsageError(`--store must be duckdb or clickhouse, got "${value}"`);
      args.store = value;
    } else args.now = isoTime(value);
  }
  return args;
}

async function main(): Promise<number> {
  let args: Args | "help";
  try {
    args = parse(process.argv.slice(2));
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
    const clickhouseUrl = args.store === "clickhouse" ? clickHouseUrl(undefined, process.env) : null;
    if (args.ifIncomplete) {
      const check = await checkSeedFile(args.data);
      if (check.complete) return clickhouseUrl ? await copyToClickHouse(args.data, clickhouseUrl, false) : 0;
      if (check.why !== "it does not exist") console.log(`seed: replacing ${args.data}: ${check.why}`);
    }
    await mkdir(dirname(args.data), { recursive: true });
    removeSeedingOnSignal(args.data);
    const { rows, seconds, leftovers } = await seedDatabase(args.data, args);
    if (leftovers.length > 0) console.log(`seed: removed what interrupted seeds left: ${leftovers.join(", ")}`);
    const counts = Object.entries(rows)
      .map(([t, n]) => `${t}=${n}`)
      .join(" ");
    console.log(
      `seeded ${args.data} in ${seconds.toFixed(1)}s (seed ${args.seed}, ${args.days} days up to ` +
        `${new Date(args.now).toISOString()}): ${counts}`,
    );
    // maxRSS (kB): the whole process's peak, DuckDB's memory included.
    console.log(`seed: peak resident memory ${Math.round((process.resourceUsage().maxRSS * 1024) / 1e6)} MB`);
    // Awaited here: a failure is this catch's, not an uncaught rejection.
    return clickhouseUrl ? await copyToClickHouse(args.data, clickhouseUrl, true) : 0;
  } catch (e) {
    console.error(`seed: failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

/** The file's events into the ClickHouse store: always after a new seed, else only into an empty store. */
async function copyToClickHouse(file: string, url: string, replace: boolean): Promise<number> {
  const store = await openEventStore(url);
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  const conn = await instance.connect();
  try {
    const held = await countEvents(store.db);
    if (!replace && Object.values(held).some((n) => n > 0)) return 0;
    await truncateEvents(store.db);
    const started = performance.now();
    const copied = await copyEvents(conn, store.db);
    console.log(
      `copied the events to ClickHouse in ${((performance.now() - started) / 1000).toFixed(1)}s: clicks=${copied.clicks} leads=${copied.leads} sales=${copied.sales}`,
    );
    return 0;
  } finally {
    conn.closeSync();
    instance.closeSync();
    await store.close();
  }
}

/** Ctrl-C or a TERM while seeding: remove this seed's own file at once (a KILL leaves it to the next seed). */
function removeSeedingOnSignal(target: string): void {
  const temp = seedingFile(target);
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      rmSync(temp, { force: true });
      rmSync(`${temp}.wal`, { force: true });
      console.error(`seed: interrupted (${signal}); ${target} left as it was`);
      process.exit(code);
    });
  }
}

process.exitCode = await main();
