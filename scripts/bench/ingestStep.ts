import { checkoutBaseline } from "./baseline";
import { benchIngestSide, INGEST_SEED_CLICKS, type IngestResult } from "./ingest";
import type { SeedInfo } from "./seedData";

/** The ingest step: a baseline commit's platform first when asked, then this checkout's, back to back on copies of one seed. */
export async function benchIngest(
  options: { seconds: number; baseline: string | null },
  seeded: (clicks: number, days: number) => Promise<SeedInfo>,
  log: (line: string) => void,
): Promise<IngestResult> {
  const seed = await seeded(INGEST_SEED_CLICKS, 90);
  const result: IngestResult = { seconds: options.seconds, seedFile: seed.file, sides: [] };
  if (options.baseline) {
    const baseline = checkoutBaseline(options.baseline, log);
    log(`  baseline ${options.baseline} (${baseline.commit.slice(0, 12)}) from ${baseline.root}`);
    result.sides.push(
      await benchIngestSide(
        `${options.baseline} (${baseline.commit.slice(0, 7)})`,
        baseline.root,
        seed.file,
        options.seconds,
        log,
      ),
    );
  }
  result.sides.push(await benchIngestSide("this checkout", process.cwd(), seed.file, options.seconds, log));
  return result;
}
