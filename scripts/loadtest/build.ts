import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runToEnd } from "../bench/processes";
import { buildState } from "../start/buildFreshness.mjs";

export const NEXT_BIN = "node_modules/next/dist/bin/next";

/**
 * A production build in `distDir`, made when missing or older than a source. `next build` may
 * rewrite tsconfig.json; the file is put back as it was, its time too: a newer tsconfig.json
 * would make the build look stale, and the next run build again. Returns why it built, or null.
 */
export async function ensureBuild(distDir: string): Promise<string | null> {
  const state = buildState(process.cwd(), join(process.cwd(), distDir));
  if (state === "fresh") return null;
  const tsconfig = readFileSync("tsconfig.json", "utf8");
  const { atime, mtime } = statSync("tsconfig.json");
  try {
    // No upstream settings at build time: pages are rendered per request.
    await runToEnd("next build", [NEXT_BIN, "build"], {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: distDir,
      LINK_API_KEY: "",
      LINK_API_BASE_URL: "",
    });
  } finally {
    if (readFileSync("tsconfig.json", "utf8") !== tsconfig) {
      writeFileSync("tsconfig.json", tsconfig);
      utimesSync("tsconfig.json", atime, mtime);
    }
  }
  return state === "missing" ? `no build in ${distDir}` : `a source is newer than ${distDir}`;
}
