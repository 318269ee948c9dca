import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Another commit's code beside this one, for before/after figures: `git archive <ref>` unpacked
 * in the system's temporary directory (no worktree, no checkout: the repository is not touched;
 * outside it, so that no test runner or linter finds its files), with this checkout's
 * node_modules linked in. Kept for the next run of the same commit.
 */
export function checkoutBaseline(ref: string): { dir: string; commit: string } {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  let commit: string;
  try {
    commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  } catch {
    throw new Error(`--baseline: "${ref}" is not a commit of this repository`);
  }
  const dir = join(tmpdir(), `linklens-baseline-${commit.slice(0, 12)}`);
  const done = join(dir, ".complete");
  if (!existsSync(done)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", 'git archive "$1" | tar -x -C "$2"', "sh", commit, dir]);
    symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
    execFileSync("touch", [done]);
  }
  return { dir, commit };
}
