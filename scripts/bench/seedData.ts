import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { runToEnd } from "./processes";

/** The bench's database: seeded once per size, then reused. */

export interface SeedInfo {
  file: string;
  clicks: number;
  /** The seed's "now" (its data ends there), when known. */
  seededAt?: string;
  /** Set when this run seeded the file: wall time, process start included. */
  seconds?: number;
  /** The seed script's own figure ("seeded … in 12.3s"). */
  reportedSeconds?: number;
}

export function dataFile(clicks: number): string {
  const label = clicks % 1_000_000 === 0 ? `${clicks / 1_000_000}m` : clicks % 1000 === 0 ? `${clicks / 1000}k` : String(clicks);
  return `.bench/bench${label}.duckdb`;
}

const metaFile = (file: string) => `${file}.json`;

export async function ensureSeed(clicks: number): Promise<SeedInfo> {
  const file = dataFile(clicks);
  if (existsSync(file)) {
    let seededAt: string | undefined;
    try {
      const meta: unknown = JSON.parse(readFileSync(metaFile(file), "utf8"));
      if (meta && typeof meta === "object" && "seededAt" in meta && typeof meta.seededAt === "string") seededAt = meta.seededAt;
    } catch {
      // no sidecar: seeded by hand
    }
    return { file, clicks, seededAt };
  }
  await mkdir(dirname(file), { recursive: true });
  // Seed beside the target and rename, so an interrupted seed never leaves a half-written file.
  const partial = `${file}.partial`;
  const cleanup = () => {
    rmSync(partial, { force: true });
    rmSync(`${partial}.wal`, { force: true });
  };
  cleanup();
  // Fixed "now" (this hour) recorded beside the file: the same arguments give the same data.
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const started = performance.now();
  let output: string;
  try {
    output = await runToEnd("seed", ["--import", "tsx", "scripts/seed.ts", "--data", partial, "--clicks", String(clicks), "--now", now]);
  } catch (err) {
    cleanup();
    throw err;
  }
  const seconds = (performance.now() - started) / 1000;
  if (existsSync(`${partial}.wal`)) renameSync(`${partial}.wal`, `${file}.wal`);
  renameSync(partial, file);
  writeFileSync(metaFile(file), `${JSON.stringify({ clicks, seededAt: now, seconds: Math.round(seconds * 10) / 10 })}\n`);
  const reported = / in (\d+(?:\.\d+)?)s /.exec(output);
  return { file, clicks, seededAt: now, seconds, reportedSeconds: reported ? Number(reported[1]) : undefined };
}
