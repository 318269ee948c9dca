import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startTestClickHouse, type TestClickHouse } from "../clickhouse/testing/testEventStore";
import { runTsx, startPlatform, type RunningPlatform } from "./spawnPlatform";

declare module "vitest" {
  export interface ProvidedContext {
    /** Platform with rate limits scaled up, so functional tests never wait on them. */
    platformUrl: string;
    /** The seeded DuckDB file (open it read-only). */
    dataFile: string;
    /**
     * The ClickHouse event store holding the seed's events when the project serves `--store
     * clickhouse` (read it only: a writable platform clones it, ./projectStore.ts); "" on DuckDB.
     */
    clickhouseUrl: string;
  }
}

export const TEST_SEED = { clicks: 20_000, days: 30, seed: 7 } as const;

/**
 * Which event store the project's platform serves: `PLATFORM_STORE=clickhouse` (the project's env,
 * as the "integration on ClickHouse" project sets it, or the environment) runs the same suites with
 * the seed's events copied to ClickHouse (the server at CLICKHOUSE_URL, else the in-process engine).
 */
function servesClickHouse(project: TestProject): boolean {
  return (project.config.env?.PLATFORM_STORE ?? process.env.PLATFORM_STORE) === "clickhouse";
}

/**
 * Integration project: seed one small file and start the platform process once. Tests of the
 * real rate limits run the app in-process over the same file (inProcess.ts), on a clock they
 * advance.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const onClickHouse = servesClickHouse(project);
  const dir = await mkdtemp(join(tmpdir(), "linklens-int-"));
  const dataFile = join(dir, "platform.duckdb");
  let platform: RunningPlatform | undefined;
  let clickhouse: TestClickHouse | undefined;
  const teardown = async () => {
    await platform?.stop();
    await clickhouse?.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await runTsx("scripts/seed.ts", [
      "--data",
      dataFile,
      "--clicks",
      String(TEST_SEED.clicks),
      "--days",
      String(TEST_SEED.days),
      "--seed",
      String(TEST_SEED.seed),
    ]);
    const args = ["--data", dataFile, "--port", "0", "--rate-limit-scale", "1000"];
    if (onClickHouse) {
      clickhouse = await startTestClickHouse();
      const env = { CLICKHOUSE_URL: clickhouse.url };
      await runTsx("scripts/copy-events.ts", ["--data", dataFile], env);
      platform = await startPlatform([...args, "--store", "clickhouse"], 90_000, env);
    } else {
      platform = await startPlatform(args);
    }
    project.provide("platformUrl", platform.url);
    project.provide("clickhouseUrl", clickhouse?.url ?? "");
    project.provide("dataFile", dataFile);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
