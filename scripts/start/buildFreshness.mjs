// Whether the dashboard's production build predates its sources, so `npm start` rebuilds after a
// pull, an edit or an install, and only then. One walk of stat calls: cheap enough for every start.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Folders whose files can reach the build (the server's bundle, the browser's, or what is served as is). */
export const SOURCE_DIRS = ["app", "components", "lib", "public"];
/**
 * Files at the root that the build reads: Next's root modules (instrumentation, proxy), its
 * configuration, the environment files it inlines, and what an install changes
 * (node_modules/.package-lock.json is rewritten by every `npm install` that changes a package).
 */
export const SOURCE_FILES = [
  "instrumentation.ts",
  "proxy.ts",
  "middleware.ts",
  "package.json",
  "package-lock.json",
  "node_modules/.package-lock.json",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];
/** Tests and their helpers never reach the build. */
const NOT_BUILT_FILE = /\.(int\.)?(test|spec)\.[cm]?[jt]sx?$/;
const NOT_BUILT_DIR = /^(testing|__tests__)$/;

/** The newest file under `dir`, or null. */
function newestIn(dir) {
  let newest = null;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    let found = null;
    if (entry.isDirectory()) {
      if (!NOT_BUILT_DIR.test(entry.name)) found = newestIn(path);
    } else if (entry.isFile() && !NOT_BUILT_FILE.test(entry.name)) {
      found = { path, mtimeMs: statSync(path).mtimeMs };
    }
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * "missing" (no complete build: Next writes BUILD_ID last), "stale" with the source that is newer
 * than the build, or "fresh".
 */
export function buildStatus(root, distDir) {
  const built = mtimeOf(join(distDir, "BUILD_ID"));
  if (built === 0) return { state: "missing" };
  let newest = null;
  const consider = (found) => {
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  };
  for (const dir of SOURCE_DIRS) consider(newestIn(join(root, dir)));
  for (const file of SOURCE_FILES) {
    const mtimeMs = mtimeOf(join(root, file));
    if (mtimeMs > 0) consider({ path: join(root, file), mtimeMs });
  }
  return newest && newest.mtimeMs > built ? { state: "stale", newer: newest.path } : { state: "fresh" };
}

/** "missing", "stale" (a source changed after the build) or "fresh". */
export function buildState(root, distDir) {
  return buildStatus(root, distDir).state;
}
