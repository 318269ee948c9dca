/**
 * Writing the seed beside its target and renaming it into place: an interrupted seed never leaves
 * a half-written database where the platform (or npm start) would open it. The temporary file
 * names the process writing it, so a later seed can tell an interrupted one's leftovers (process
 * gone) from a seed still running.
 */
import { existsSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const SEEDING = ".seeding-";

/** Where process `pid` writes the seed of `target` until it is complete. */
export function seedingFile(target: string, pid: number = process.pid): string {
  return `${target}${SEEDING}${pid}`;
}

/** A database file and the write-ahead log DuckDB keeps beside it. */
export async function removeWithWal(file: string): Promise<void> {
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes what interrupted seeds of `target` left (their file, WAL and DuckDB's spill directory); returns the paths removed. */
export async function removeLeftovers(target: string): Promise<string[]> {
  const dir = dirname(target);
  if (!existsSync(dir)) return [];
  const prefix = `${basename(target)}${SEEDING}`;
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)(\.wal|\.tmp)?$/.exec(name.slice(prefix.length))?.[1]);
    if (!Number.isSafeInteger(pid) || pid === process.pid || alive(pid)) continue;
    await rm(join(dir, name), { force: true, recursive: true });
    removed.push(join(dir, name));
  }
  return removed;
}

/**
 * Renames the complete seed `temp` onto `target`. DuckDB leaves no WAL once a database is closed
 * (it checkpoints); a WAL still beside `temp` means it was not, and is refused. A WAL beside
 * `target` is an earlier writer's and would be replayed onto the new file: it goes first.
 */
export async function moveIntoPlace(temp: string, target: string): Promise<void> {
  if (existsSync(`${temp}.wal`)) throw new Error(`${temp} still has a write-ahead log: it was not closed cleanly`);
  await rm(`${target}.wal`, { force: true });
  await rename(temp, target);
}
