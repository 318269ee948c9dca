import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runToEnd } from "./processes";
import { DIST_DIR, NEXT_BIN } from "./services";

/**
 * Another commit to measure beside this checkout: checked out in a git worktree outside the
 * repository (so no linter, type check or test runner of this one walks it), node_modules
 * hard-linked from this checkout (no download, next to no disk), built once into its own
 * .next-bench, and kept for the next run on that commit (`git worktree remove <dir>` drops it).
 */

export interface Baseline {
  ref: string;
  commit: string;
  /** The worktree's root: what the dashboard runs from. */
  root: string;
  /** Seconds spent checking out and building; undefined when both were there already. */
  seconds?: number;
}

const git = (args: string[], cwd = process.cwd()): string =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The commit `ref` names; a clear error for one git does not know. */
export function resolveCommit(ref: string): string {
  try {
    return git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  } catch {
    throw new Error(`--baseline ${ref}: git knows no commit by that name here`);
  }
}

export const baselineDir = (commit: string): string => join(tmpdir(), `linklens-bench-baseline-${commit.slice(0, 12)}`);

/** The commit's worktree with node_modules, without a build: enough for its platform (the ingest step). */
export function checkoutBaseline(
  ref: string,
  log: (line: string) => void = () => {},
): { commit: string; root: string; worked: boolean } {
  const commit = resolveCommit(ref);
  const root = baselineDir(commit);
  let worked = false;
  if (!existsSync(join(root, ".git"))) {
    log(`  checking out ${ref} (${commit.slice(0, 9)}) into ${root}`);
    git(["worktree", "add", "--detach", "--force", root, commit]);
    worked = true;
  } else if (git(["rev-parse", "HEAD"], root) !== commit) {
    throw new Error(
      `${root} holds another commit than ${commit.slice(0, 9)}; remove it (git worktree remove --force ${root})`,
    );
  }
  if (!existsSync(join(root, "node_modules"))) {
    log("  hard-linking node_modules");
    execFileSync("cp", ["-al", resolve("node_modules"), join(root, "node_modules")]);
    worked = true;
  }
  return { commit, root, worked };
}

/** The commit's worktree, built into its own .next-bench (the page step runs its dashboard). */
export async function prepareBaseline(ref: string, log: (line: string) => void): Promise<Baseline> {
  const started = performance.now();
  const { commit, root, worked: checkedOut } = checkoutBaseline(ref, log);
  let worked = checkedOut;
  if (!existsSync(join(root, DIST_DIR, "BUILD_ID"))) {
    log(`  building ${commit.slice(0, 9)} into ${join(root, DIST_DIR)}`);
    await runToEnd(
      "baseline next build",
      [NEXT_BIN, "build"],
      { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: DIST_DIR },
      root,
    );
    worked = true;
  }
  return { ref, commit, root, seconds: worked ? (performance.now() - started) / 1000 : undefined };
}
