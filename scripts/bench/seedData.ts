import { readFileSync, writeFileSync } from "node:fs";
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
}

/** The seed's default span (90 days) keeps the file names of earlier runs. */
export function dataFile(clicks: number, days: number): string {
  const label =
    clicks % 1_000_000 === 0 ? `${clicks / 1_000_000}m` : clicks % 1000 === 0 ? `${clicks / 1000}k` : String(clicks);
  return `.bench/bench${label}${days === 90 ? "" : `-${days}d`}.duckdb`;
}

const metaFile = (file: string) => `${file}.json`;

/** Reuses a complete seed of this version; seeds one otherwise (a file of an older seed is replaced). */
export async function ensureSeed(clicks: number, days: number): Promise<SeedInfo> {
  const file = dataFile(clicks, days);
  if ((await checkSeedFile(file)).complete) {
    let seededAt: string | undefined;
    try {
      const meta: unknown = JSON.parse(readFileSync(metaFile(file), "utf8"));
      if (meta && typeof meta === "object" && "seededAt" in meta && typeof meta.seededAt === "string")
        seededAt = meta.seededAt;
    } catch {
      // no sidecar: seeded by hand
    }
    return { file, clicks, days, seededAt };
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
  writeFileSync(
    metaFile(file),
    `${JSON.stringify({ clicks, days, seededAt: now, seconds: Math.round(seconds * 10) / 10 })}\n`,
  );
  const reported = / in (\d+(?:\.\d+)?)s /.exec(output);
  return { file, clicks, days, seededAt: now, seconds, reportedSeconds: reported ? Number(reported[1]) : undefined };
}
