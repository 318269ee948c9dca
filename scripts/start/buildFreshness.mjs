// Whether the dashboard's production build predates its sources, so `npm start` rebuilds after a pull or an edit.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["package.json", "package-lock.json", "next.config.mjs", "postcss.config.mjs", "tsconfig.json"];
/** Tests never reach the build. */
const NOT_BUILT = /\.(int\.)?test\.[cm]?[jt]sx?$/;

function newestIn(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(path));
    else if (entry.isFile() && !NOT_BUILT.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
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

/** "missing", "stale" (a source changed after the build) or "fresh". */
export function buildState(root, distDir) {
  const built = mtimeOf(join(distDir, "BUILD_ID"));
  if (built === 0) return "missing";
  const newest = Math.max(...SOURCE_DIRS.map((d) => newestIn(join(root, d))), ...SOURCE_FILES.map((f) => mtimeOf(join(root, f))));
  return newest > built ? "stale" : "fresh";
}
