import { parseArgs } from "node:util";

export interface SimulateArgs {
  /** Base URL of the embedded platform (its API and, on loopback, its /r/{domain}/{key} short links). */
  base: string;
  /** The workspace key the leads and sales are tracked with. */
  key: string;
  /** Clicks per second. */
  rate: number;
  /** Stop after this many seconds; null runs until Ctrl-C. */
  seconds: number | null;
  /** Share of clicks on conversion-tracked links that become leads, and of leads that buy. */
  leadShare: number;
  saleShare: number;
  /** Seeds the visitors' choices, so a run can be repeated. */
  seed: number;
}

export const USAGE =
  "usage: npm run simulate -- [--rate N clicks/s (default 2, at most 500)] [--seconds N (default: until Ctrl-C)] " +
  "[--base http://127.0.0.1:8787 (default: PLATFORM_PORT on loopback)] [--key demo_business_key] [--lead-share 0.15] [--sale-share 0.4] [--seed N]";

export class UsageError extends Error {}

function number(flag: string, raw: string, min: number, max: number, integer = false): number {
  const value = Number(raw);
  if (
    raw.trim() === "" ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw new UsageError(
      `--${flag} must be ${integer ? "a whole number" : "a number"} from ${min} to ${max}, got "${raw}"`,
    );
  }
  return value;
}

/** Throws UsageError on a bad flag; "help" for --help. */
export function parseSimulateArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): SimulateArgs | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        rate: { type: "string", default: "2" },
        seconds: { type: "string" },
        base: { type: "string" },
        key: { type: "string", default: "demo_business_key" },
        "lead-share": { type: "string", default: "0.15" },
        "sale-share": { type: "string", default: "0.4" },
        seed: { type: "string", default: "1" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return "help";
  const base = values.base ?? `http://127.0.0.1:${env.PLATFORM_PORT || "8787"}`;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new UsageError(`--base must be a URL such as http://127.0.0.1:8787, got "${base}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--base must be an http(s) URL, got "${base}"`);
  if (!values.key.trim()) throw new UsageError("--key must not be empty");
  return {
    base: url.origin,
    key: values.key.trim(),
    rate: number("rate", values.rate, 0.1, 500),
    seconds: values.seconds === undefined ? null : number("seconds", values.seconds, 1, 86_400, true),
    leadShare: number("lead-share", values["lead-share"], 0, 1),
    saleShare: number("sale-share", values["sale-share"], 0, 1),
    seed: number("seed", values.seed, 0, 2 ** 31 - 1, true),
  };
}
