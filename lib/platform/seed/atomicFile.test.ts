import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeLeftovers, seedingFile } from "./atomicFile";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "linklens-atomic-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** No process has this id (Linux's pid_max is at most 2^22). */
const GONE = 999_999_999;

describe("removeLeftovers", () => {
  it("removes an interrupted seed's file, WAL and DuckDB's spill directory, and keeps a running seed's", async () => {
    const target = join(dir, "platform.duckdb");
    const gone = seedingFile(target, GONE);
    const running = seedingFile(target, process.ppid);
    await writeFile(gone, "x");
    await writeFile(`${gone}.wal`, "x");
    await mkdir(`${gone}.tmp`);
    await writeFile(join(`${gone}.tmp`, "duckdb_temp_storage-0.tmp"), "x");
    await writeFile(running, "x");

    expect((await removeLeftovers(target)).sort()).toEqual([gone, `${gone}.tmp`, `${gone}.wal`]);
    expect(existsSync(`${gone}.tmp`)).toBe(false);
    expect(await readdir(dir)).toEqual([`platform.duckdb.seeding-${process.ppid}`]);
  });
});
