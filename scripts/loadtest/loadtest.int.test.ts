import { existsSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { ensureBuild } from "./build";
import { printFigures } from "./report";
import { runLoadTest } from "./run";
import { PLAN_PER_SECOND } from "./stack";
import { readViews } from "./views";

/**
 * `npm run loadtest`, short: 3 replicas on Redis and PostgreSQL behind HAProxy, 10 viewers for
 * 12 s, Redis killed for 4 s in the middle. Asserts counts (what reached the platform per second,
 * what the viewers got), never how long anything took. One shared view and one of its filters:
 * their 12 distinct requests fit the Pro plan's 2/s within the dashboard's 10 s queue wait even
 * cold, so any 429 a viewer sees is the replicas' fault; the full load test's 8 views (45 distinct
 * requests) do not, and it reports the dashboard's own "queue wait" 429s at a cold start.
 */

/** `npm test` has just built `.next-e2e`: reuse it rather than build again. */
async function distDir(): Promise<string> {
  if (existsSync(".next-e2e/BUILD_ID")) return ".next-e2e";
  await ensureBuild(".next-loadtest");
  return ".next-loadtest";
}

describe("load test (short): replicas sharing one Pro budget on Redis, through a Redis outage", () => {
  it("keeps upstream within the plan, and no viewer sees a 429 or a failure", { timeout: 300_000 }, async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const figures = await runLoadTest({
      dataFile: inject("dataFile"),
      distDir: await distDir(),
      replicas: 3,
      cacheTtlMs: 60_000,
      log,
      viewers: 10,
      seconds: 12,
      seed: 1,
      groups: readViews()
        .groups.slice(0, 1)
        .map((group) => ({ ...group, filters: group.filters.slice(0, 1) })),
      outageSeconds: 4,
    });
    printFigures(figures, PLAN_PER_SECOND, log);
    const report = lines.join("\n");

    expect(figures.pages, report).toBeGreaterThan(0);
    expect(figures.viewer429, report).toBe(0);
    expect(figures.failed, report).toBe(0);
    expect(figures.upstream.busiestSecond, report).toBeLessThanOrEqual(PLAN_PER_SECOND);
    expect(figures.outage?.failed, report).toBe(0);
    expect(figures.outage?.viewer429, report).toBe(0);
    expect(figures.outage?.busiestSecond, report).toBeLessThanOrEqual(PLAN_PER_SECOND);
  });
});
