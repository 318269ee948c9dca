import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runToEnd } from "./processes";
import { DIST_DIR, NEXT_BIN } from "./services";

/**
 * The bench's production build in its own folder (.next-bench), rebuilt only when a source the
 * dashboard is built from is newer than it. `next build` may rewrite tsconfig.json; the file
 * is put back as it was.
 */

const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["next.config.mjs", "package.json", "package-lock.json", "postcss.config.mjs"];
/** Not part of the browser or server bundle: tests, test helpers, the embedded platform. */
const IGNORED = /(\.test\.|\.spec\.|\/testing\/|^lib\/platform\/)/;

function newestSource(): { path: string; mtimeMs: number } | null {
  let newest: { path: string; mtimeMs: number } | null = null;
  const consider = (path: string) => {
    const mtimeMs = statSync(path).mtimeMs;
    if (!newest || mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (IGNORED.test(entry.isDirectory() ? `${path}/` : path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) consider(path);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(dir)) walk(dir);
  for (const file of SOURCE_FILES) if (existsSync(file)) consider(file);
  return newest;
}

export interface BuildInfo {
  /** Why it was (re)built, or null when the existing build was current. */
  reason: string | null;
  seconds?: number;
  tsconfigRestored?: boolean;
}

export async function ensureBuild(): Promise<BuildInfo> {
  const buildId = join(DIST_DIR, "BUILD_ID");
  const newest = newestSource();
  let reason: string | null = null;
  if (!existsSync(buildId)) reason = `no build in ${DIST_DIR}`;
  else if (newest && newest.mtimeMs > statSync(buildId).mtimeMs) reason = `${newest.path} is newer than the build`;
  if (reason === null) return { reason };

  const tsconfig = readFileSync("tsconfig.json", "utf8");
  const restore = (): boolean => {
    const rewritten = readFileSync("tsconfig.json", "utf8") !== tsconfig;
    if (rewritten) writeFileSync("tsconfig.json", tsconfig);
    return rewritten;
  };
  const started = performance.now();
  try {
    await runToEnd("next build", [NEXT_BIN, "build"], { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: DIST_DIR });
  } catch (err) {
    restore();
    throw err;
  }
  const tsconfigRestored = restore();
  return { reason, seconds: (performance.now() - started) / 1000, tsconfigRestored };
}
