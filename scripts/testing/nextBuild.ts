import { spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildState } from "../start/buildFreshness.mjs";

/** Tests that serve the production build share it: npm test builds it once into NEXT_DIST_DIR. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DIST = process.env.NEXT_DIST_DIR || ".next";
export const NEXT = join(ROOT, "node_modules/next/dist/bin/next");

/** Reuses a build newer than every source file; builds otherwise. */
export function ensureBuild(): void {
  if (buildState(ROOT, join(ROOT, DIST)) === "fresh") return;
  const built = spawnSync(process.execPath, [NEXT, "build"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: "1", LINK_API_KEY: "", LINK_API_BASE_URL: "" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`next build failed:\n${built.stdout}\n${built.stderr}`);
}

/** Resolves once `url` answers at all; rejects when `child` exits first or after `timeoutMs`. */
export async function waitUntilUp(
  url: string,
  child: ChildProcess,
  label = "next start",
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      // Nothing announces that a server listens: ask again shortly.
      if (Date.now() > deadline) throw new Error(`${label} did not come up within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
