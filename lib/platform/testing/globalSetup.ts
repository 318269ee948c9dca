import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { runTsx, startPlatform, type RunningPlatform } from "./spawnPlatform";

declare module "vitest" {
  export interface ProvidedContext {
    /** Platform with rate limits scaled up, so functional tests never wait on them. */
    platformUrl: string;
    /** Platform with the real limits, for rate-limit tests only. */
    strictPlatformUrl: string;
    /** The seeded DuckDB file (open it read-only). */
    dataFile: string;
  }
}

export const TEST_SEED = { clicks: 20_000, days: 30, seed: 7 } as const;

/** Integration project: seed one small file and start the platform processes once. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "linklens-int-"));
  const dataFile = join(dir, "platform.duckdb");
  const platforms: RunningPlatform[] = [];
  const teardown = async () => {
    await Promise.all(platforms.map((p) => p.stop()));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await runTsx("scripts/seed.ts", ["--data", dataFile, "--clicks", String(TEST_SEED.clicks), "--days", String(TEST_SEED.days), "--seed", String(TEST_SEED.seed)]);
    const started = await Promise.allSettled([
      startPlatform(["--data", dataFile, "--port", "0", "--rate-limit-scale", "1000"]),
      startPlatform(["--data", dataFile, "--port", "0"]),
    ]);
    for (const result of started) if (result.status === "fulfilled") platforms.push(result.value);
    const [main, strict] = started.map((result) => {
      if (result.status === "rejected") throw result.reason;
      return result.value;
    });
    project.provide("platformUrl", main.url);
    project.provide("strictPlatformUrl", strict.url);
    project.provide("dataFile", dataFile);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
