import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildStatus, buildState } from "./buildFreshness.mjs";

/** A project tree with files at chosen modification times (seconds since the epoch). */
function touch(root: string, path: string, seconds: number): void {
  const full = join(root, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, seconds, seconds);
}

describe("buildStatus: does npm start need to build?", () => {
  let root: string;
  const dist = () => join(root, ".next");
  const BUILT = 1_700_000_000;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "linklens-fresh-"));
    touch(root, "app/page.tsx", BUILT - 100);
    touch(root, "lib/upstream/upstreamProxy.ts", BUILT - 100);
    touch(root, "package.json", BUILT - 100);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("is missing without a complete build (no BUILD_ID)", () => {
    mkdirSync(dist());
    expect(buildStatus(root, dist())).toEqual({ state: "missing" });
  });

  it("is fresh when the build is newer than every source", () => {
    touch(root, ".next/BUILD_ID", BUILT);
    expect(buildState(root, dist())).toBe("fresh");
  });

  it("is stale, naming the file, when a source in a built folder changed after the build", () => {
    touch(root, ".next/BUILD_ID", BUILT);
    touch(root, "components/kpi/Tile.tsx", BUILT + 5);
    expect(buildStatus(root, dist())).toEqual({ state: "stale", newer: join(root, "components/kpi/Tile.tsx") });
  });

  it.each([
    "instrumentation.ts",
    "proxy.ts",
    "next.config.mjs",
    "tsconfig.json",
    ".env.local",
    "node_modules/.package-lock.json",
  ])("is stale when the root file %s the build reads changed", (file) => {
    touch(root, ".next/BUILD_ID", BUILT);
    touch(root, file, BUILT + 5);
    expect(buildState(root, dist())).toBe("stale");
  });

  it("ignores tests, test helpers and files outside the built folders", () => {
    touch(root, ".next/BUILD_ID", BUILT);
    touch(root, "lib/upstream/proxy.test.ts", BUILT + 5);
    touch(root, "app/api/events/route.int.test.ts", BUILT + 5);
    touch(root, "e2e/live.spec.ts", BUILT + 5);
    touch(root, "lib/upstream/testing/servers.ts", BUILT + 5);
    touch(root, "scripts/bench/index.ts", BUILT + 5);
    touch(root, "README.md", BUILT + 5);
    expect(buildState(root, dist())).toBe("fresh");
  });
});
