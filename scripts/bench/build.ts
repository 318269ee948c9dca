import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { buildStatus } from "../start/buildFreshness.mjs";
import { runToEnd } from "./processes";
import { DIST_DIR, NEXT_BIN } from "./services";

/**
 * The bench's production build in its own folder (.next-bench), rebuilt only when a source the
 * dashboard is built from is newer than it (the decision npm start makes:
 * scripts/start/buildFreshness.mjs). `next build` may rewrite tsconfig.json; the file is put back
 * as it was, its modification time too (else the build would look stale at once).
 */

export interface BuildInfo {
  /** Why it was (re)built, or null when the existing build was current. */
  reason: string | null;
  seconds?: number;
  tsconfigRestored?: boolean;
}

export async function ensureBuild(): Promise<BuildInfo> {
  const status = buildStatus(process.cwd(), DIST_DIR);
  if (status.state === "fresh") return { reason: null };
  const reason =
    status.state === "missing"
      ? `no build in ${DIST_DIR}`
      : `${relative(process.cwd(), status.newer)} is newer than the build`;

  const tsconfig = readFileSync("tsconfig.json", "utf8");
  const { atime, mtime } = statSync("tsconfig.json");
  const restore = (): boolean => {
    const rewritten = readFileSync("tsconfig.json", "utf8") !== tsconfig;
    if (rewritten) {
      writeFileSync("tsconfig.json", tsconfig);
      utimesSync("tsconfig.json", atime, mtime);
    }
    return rewritten;
  };
  const started = performance.now();
  try {
    await runToEnd("next build", [NEXT_BIN, "build"], {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: DIST_DIR,
    });
  } catch (err) {
    restore();
    throw err;
  }
  const tsconfigRestored = restore();
  return { reason, seconds: (performance.now() - started) / 1000, tsconfigRestored };
}
