import { readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { checkSeedFile } from "../../lib/platform/store/seedMarker";
import { runToEnd } from "./processes";

/** The bench's database: seeded once per size, then reused. */

export interface SeedInfo {
  file: string;
  clicks: number;
  days: number;
  /** The seed's "now" (its data ends there), when known. */
  seededAt?: string;
  /** Set when this run seeded the file: wall time, process start included. */
  seconds?: number;
  /** The seed script's own figure ("seeded … in 12.3s"). */
  reportedSeconds?: number;
  /** The seed's peak resident memory in MB, when the seed that wrote the file reported it. */
  peakMb?: number;
  /** The file's size in bytes. */
  bytes?: number;
  /** Reused: how long its seed took, wall time, as recorded beside it. */
  recordedSeconds?: number;
}

/** The seed's default span (90 days) keeps the file names of earlier runs. */
export function dataFile(clicks: number, days: number): string {
  const label =
    clicks % 1_000_000 === 0 ? `${clicks / 1_000_000}m` : clicks % 1000 === 0 ? `${clicks / 1000}k` : String(clicks);
  return `.bench/bench${label}${days === 90 ? "" : `-${days}d`}.duckdb`;
}

const metaFile = (file: string) => `${file}.json`;

/** What the sidecar beside a seeded file says about the seed that wrote it. */
interface SeedMeta {
  seededAt?: string;
  seconds?: number;
  peakMb?: number;
}

function readMeta(file: string): SeedMeta {
  try {
    const meta: unknown = JSON.parse(readFileSync(metaFile(file), "utf8"));
    if (!meta || typeof meta !== "object") return {};
    const field = (name: string) => (name in meta ? (meta as Record<string, unknown>)[name] : undefined);
    const seededAt = field("seededAt");
    const seconds = field("seconds");
    const peakMb = field("peakMb");
    return {
      seededAt: typeof seededAt === "string" ? seededAt : undefined,
      seconds: typeof seconds === "number" ? seconds : undefined,
      peakMb: typeof peakMb === "number" ? peakMb : undefined,
    };
  } catch {
    // no sidecar: seeded by hand
    return {};
  }
}

/** Reuses a complete seed of this version; seeds one otherwise (a file of an older seed is replaced). */
export async function ensureSeed(clicks: number, days: number): Promise<SeedInfo> {
  const file = dataFile(clicks, days);
  if ((await checkSeedFile(file)).complete) {
    // A file seeded before the rollups were kept in it (or by another version of them) gets them
    // now, once, as a writable platform stores them: the bench's platform opens it read-only.
    const stored = await runToEnd("rollups", [
      "--import",
      "tsx",
      "scripts/bench/openCost.ts",
      "--data",
      file,
      "--writable",
    ]);
    if (!stored.includes("rollups: stored;")) console.log(stored.trim().split("\n").at(-1));
    const meta = readMeta(file);
    // Reused: the seed's figures as its sidecar recorded them, not "seeded in this run".
    return {
      file,
      clicks,
      days,
      seededAt: meta.seededAt,
      peakMb: meta.peakMb,
      recordedSeconds: meta.seconds,
      bytes: statSync(file).size,
    };
  }
  await mkdir(dirname(file), { recursive: true });
  // Fixed "now" (this hour) recorded beside the file: the same arguments give the same data.
  // The seed writes beside the file and renames it into place when complete.
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const started = performance.now();
  const output = await runToEnd("seed", [
    "--import",
    "tsx",
    "scripts/seed.ts",
    "--data",
    file,
    "--clicks",
    String(clicks),
    "--days",
    String(days),
    "--now",
    now,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const peak = /peak resident memory (\d+) MB/.exec(output);
  const peakMb = peak ? Number(peak[1]) : undefined;
  writeFileSync(
    metaFile(file),
    `${JSON.stringify({ clicks, days, seededAt: now, seconds: Math.round(seconds * 10) / 10, peakMb })}\n`,
  );
  const reported = / in (\d+(?:\.\d+)?)s /.exec(output);
  return {
    file,
    clicks,
    days,
    seededAt: now,
    seconds,
    reportedSeconds: reported ? Number(reported[1]) : undefined,
    peakMb,
    bytes: statSync(file).size,
  };
}
