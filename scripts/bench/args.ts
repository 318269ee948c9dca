import { parseArgs } from "node:util";

export const STEPS = ["events", "analytics", "filtered", "proxy", "bundle", "pages", "page", "live", "ingest"] as const;
export type Step = (typeof STEPS)[number];

export interface BenchArgs {
  clicks: number;
  /** Days the seeded clicks span (up to the hour the file was seeded). */
  days: number;
  samples: number;
  warmup: number;
  steps: ReadonlySet<Step>;
  /** List every upstream request of the page step, phase by phase. */
  verbose: boolean;
  /** Seconds of load per phase of the ingest step. */
  seconds: number;
  /** A git ref measured too, beside this checkout (the page step: its build; the ingest step: its platform). Null: this checkout only. */
  baseline: string | null;
  /** The keys the page step uses (both unless --keys says). */
  keys: readonly PageKey[];
  /** The page step's views whose names contain one of these (case-insensitive); null: all. */
  views: readonly string[] | null;
  /** The page step's visits per cell (view × key × cold/warm × checkout); it prints their median and range. */
  visits: number;
}

export const PAGE_KEY_NAMES = ["pro", "business"] as const;
export type PageKey = (typeof PAGE_KEY_NAMES)[number];
const isPageKey = (value: string): value is PageKey => (PAGE_KEY_NAMES as readonly string[]).includes(value);

/** From this many clicks on, the default span is a year: the scale case of issue 16 (10M over 365 days). */
const YEAR_FROM_CLICKS = 10_000_000;
const defaultDays = (clicks: number) => (clicks >= YEAR_FROM_CLICKS ? 365 : 90);

export const USAGE =
  "usage: npm run bench -- [--clicks N (default 1000000)] [--days D (default 90; 365 at 10000000 clicks)] " +
  "[--samples N (default 30)] [--warmup N (default 3)] " +
  `[--only ${STEPS.join(",")}] [--verbose] [--seconds S (default 10: ingest load per phase)] ` +
  `[--baseline <git ref> (the page and ingest steps, also on that commit)] [--keys ${PAGE_KEY_NAMES.join(",")} (the page step's)] ` +
  "[--views <words>,… (the page step's views whose names contain one)] [--visits N (default 3: the page step's visits per cell)]";

/** A ref git would take (branch, tag, hash, HEAD~2, main^); never an option git would read. */
const GIT_REF = /^[A-Za-z0-9_][A-Za-z0-9_./~^@{}-]{0,99}$/;

export class UsageError extends Error {}

function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

const isStep = (value: string): value is Step => (STEPS as readonly string[]).includes(value);

function pageKeys(raw: string | undefined): PageKey[] {
  if (raw === undefined) return [...PAGE_KEY_NAMES];
  const keys = new Set<PageKey>();
  for (const name of raw.split(",").map((s) => s.trim())) {
    if (!isPageKey(name)) throw new UsageError(`--keys takes ${PAGE_KEY_NAMES.join(", ")}; got "${name.slice(0, 40)}"`);
    keys.add(name);
  }
  return [...keys];
}

function pageViews(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const words = raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) throw new UsageError("--views takes words of the page step's view names, comma-separated");
  return words;
}

/** Throws UsageError on a bad flag; returns "help" for --help. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        clicks: { type: "string", default: "1000000" },
        days: { type: "string" },
        samples: { type: "string", default: "30" },
        warmup: { type: "string", default: "3" },
        only: { type: "string" },
        verbose: { type: "boolean", default: false },
        seconds: { type: "string", default: "10" },
        baseline: { type: "string" },
        keys: { type: "string" },
        views: { type: "string" },
        visits: { type: "string", default: "3" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.split("\n")[0] : String(err));
  }
  if (values.help) return "help";
  const steps = new Set<Step>();
  for (const name of (values.only ?? STEPS.join(",")).split(",").map((s) => s.trim())) {
    if (!isStep(name)) throw new UsageError(`--only takes steps from ${STEPS.join(", ")}; got "${name}"`);
    steps.add(name);
  }
  const clicks = integer("--clicks", values.clicks, 1000, 100_000_000);
  const baseline = values.baseline?.trim() ?? null;
  if (baseline !== null && (!GIT_REF.test(baseline) || baseline.includes("..")))
    throw new UsageError(`--baseline takes a git ref (a branch, tag or commit), got "${baseline.slice(0, 60)}"`);
  return {
    clicks,
    days: values.days === undefined ? defaultDays(clicks) : integer("--days", values.days, 1, 3650),
    samples: integer("--samples", values.samples, 5, 1000),
    warmup: integer("--warmup", values.warmup, 0, 100),
    steps,
    verbose: values.verbose,
    seconds: integer("--seconds", values.seconds, 1, 600),
    baseline,
    keys: pageKeys(values.keys),
    views: pageViews(values.views),
    visits: integer("--visits", values.visits, 1, 20),
  };
}
