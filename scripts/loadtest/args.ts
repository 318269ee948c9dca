import { parseArgs } from "node:util";

export interface LoadTestArgs {
  viewers: number;
  seconds: number;
  /** Which runs: as configured, and with Redis stopped for `outageSeconds` in the middle. */
  runs: ("normal" | "outage")[];
  outageSeconds: number;
  replicas: number;
  /** The dashboards' LINK_CACHE_TTL_MS. */
  cacheTtlMs: number;
  /** The viewers' random choices (which view, how long they look). */
  seed: number;
  /** Record the pages' data requests again from the real page (Chromium) before the run. */
  record: boolean;
}

export const USAGE =
  "usage: npm run loadtest -- [--viewers N (30)] [--seconds N (60)] [--outage | --no-outage] [--outage-seconds N (10)] " +
  "[--replicas N (3)] [--cache-ttl-ms N (60000)] [--seed N (1)] [--record]";

export class UsageError extends Error {}

function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/** The flags, checked; throws UsageError naming the bad one; "help" for --help. */
export function parseLoadTestArgs(argv: readonly string[]): LoadTestArgs | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        viewers: { type: "string", default: "30" },
        seconds: { type: "string", default: "60" },
        outage: { type: "boolean", default: false },
        "no-outage": { type: "boolean", default: false },
        "outage-seconds": { type: "string" },
        replicas: { type: "string", default: "3" },
        "cache-ttl-ms": { type: "string", default: "60000" },
        seed: { type: "string", default: "1" },
        record: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.split("\n")[0] : String(err));
  }
  if (values.help) return "help";
  if (values.outage && values["no-outage"]) throw new UsageError("--outage and --no-outage exclude each other");
  if (values["outage-seconds"] !== undefined && values["no-outage"])
    throw new UsageError("--outage-seconds does not go with --no-outage");
  // Both runs unless told: the second stops Redis in the middle.
  const runs: LoadTestArgs["runs"] = values.outage
    ? ["outage"]
    : values["no-outage"]
      ? ["normal"]
      : ["normal", "outage"];
  const seconds = integer("--seconds", values.seconds, 5, 600);
  const outageSeconds = integer("--outage-seconds", values["outage-seconds"] ?? "10", 1, 300);
  if (runs.includes("outage") && outageSeconds > seconds - 4)
    throw new UsageError(
      `--outage-seconds (${outageSeconds}) must leave at least 2 s of the run on each side (--seconds ${seconds})`,
    );
  return {
    viewers: integer("--viewers", values.viewers, 1, 200),
    seconds,
    runs,
    outageSeconds,
    replicas: integer("--replicas", values.replicas, 1, 8),
    cacheTtlMs: integer("--cache-ttl-ms", values["cache-ttl-ms"], 0, 3_600_000),
    seed: integer("--seed", values.seed, 0, 2 ** 31 - 1),
    record: values.record,
  };
}
