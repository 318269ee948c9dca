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
 * what the viewers got), never how long anything took. The full load test's shared views (46
 * distinct requests, more than the Pro plan's 2/s serves in 10 s): cold, with Redis gone in the
 * middle, what a viewer looks at still waits its turn (lib/upstream/viewWait.ts) instead of being
 * told to come back, and the platform never has to refuse a request.
 */

/** `npm test` has just built `.next-e2e`: reuse it rather than build again. */
async function distDir(): Promise<string> {
  if (existsSync(".next-e2e/BUILD_ID")) return ".next-e2e";
  await ensureBuild(".next-loadtest");
  return ".next-loadtest";
}

describe("load test (short): replicas sharing one Pro budget on Redis, through a Redis outage", () => {
  it("keeps upstream within the plan without a platform 429, and no viewer sees a 429 or a failure", {
    timeout: 300_000,
  }, async () => {
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
      groups: readViews().groups,
      outageSeconds: 4,
    });
    printFigures(figures, PLAN_PER_SECOND, log);
    const report = lines.join("\n");

    expect(figures.pages, report).toBeGreaterThan(0);
    expect(figures.viewer429, report).toBe(0);
    expect(figures.failed, report).toBe(0);
    expect(figures.upstream.busiestSecond, report).toBeLessThanOrEqual(PLAN_PER_SECOND);
    expect(figures.upstream.platform429, report).toBe(0);
    expect(figures.outage?.failed, report).toBe(0);
    expect(figures.outage?.viewer429, report).toBe(0);
    expect(figures.outage?.busiestSecond, report).toBeLessThanOrEqual(PLAN_PER_SECOND);
  });
});
