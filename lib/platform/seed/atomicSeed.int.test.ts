import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IncompleteSeed, openPlatform } from "../openPlatform";
import { runTsx, spawnTsx, startPlatform } from "../testing/spawnPlatform";
import { seedingFile } from "./atomicFile";

/**
 * `npm run seed` writes beside its target and renames when complete: a seed killed mid-write
 * leaves the previous file as it was (and served), its half-written file is refused by the
 * platform, and the next seed removes what it left. These run the real script as a process.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "linklens-atomic-seed-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SMALL = ["--clicks", "2000", "--days", "30", "--seed", "3"];
/**
 * Big enough that writing it takes a while: there is time to catch it mid-write (the file is
 * polled every 25 ms); no bigger than needed.
 */
const BIG = ["--clicks", "150000", "--days", "30", "--seed", "4"];

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

async function clicksIn(file: string): Promise<number> {
  const platform = await openPlatform(file);
  try {
    const [row] = await platform.store.db.all("SELECT count(*) AS n FROM click_events", {});
    return Number(row?.n);
  } finally {
    platform.close();
  }
}

/** Resolves once the seed writing to `temp` has written to it (its WAL exists or it has grown), polling the file system. */
async function midWrite(temp: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (exited()) throw new Error("the seed ended before it could be interrupted");
    if (existsSync(`${temp}.wal`) || (existsSync(temp) && statSync(temp).size > 1_000_000)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${temp} was never written`);
}

function startSeed(file: string, args: string[]) {
  const child = spawnTsx("scripts/seed.ts", ["--data", file, ...args]);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exit, output: () => output, temp: seedingFile(file, child.pid) };
}

describe("an interrupted seed is never served", () => {
  it("killed mid-write: the previous file stays as it was and is served; the half-written one is refused; the next seed cleans up", async () => {
    const file = join(dir, "platform.duckdb");
    await runTsx("scripts/seed.ts", ["--data", file, ...SMALL]);
    const before = sha(file);

    const seed = startSeed(file, BIG);
    await midWrite(seed.temp, () => seed.child.exitCode !== null);
    seed.child.kill("SIGKILL");
    expect((await seed.exit)[1]).toBe("SIGKILL");

    expect(sha(file)).toBe(before);
    expect(await clicksIn(file)).toBe(2000);
    expect(existsSync(seed.temp)).toBe(true);
    await expect(openPlatform(seed.temp)).rejects.toBeInstanceOf(IncompleteSeed);
    await expect(openPlatform(seed.temp)).rejects.toThrow(
      /is not a complete seed of this version: .*\. Write a new one with: npm run seed -- --data /,
    );
    await expect(startPlatform(["--data", seed.temp, "--port", "0"])).rejects.toThrow(
      /exited with 2 before listening: platform: .* is not a complete seed of this version/,
    );

    const again = startSeed(file, SMALL);
    expect((await again.exit)[0]).toBe(0);
    expect(again.output()).toContain(`removed what interrupted seeds left: ${seed.temp}`);
    expect((await readdir(dir)).sort()).toEqual(["platform.duckdb"]);
    expect(await clicksIn(file)).toBe(2000);
  }, 90_000);

  it("interrupted by Ctrl-C or TERM: its own file goes at once, and a first seed leaves no database at all", async () => {
    const file = join(dir, "first.duckdb");
    const seed = startSeed(file, BIG);
    await midWrite(seed.temp, () => seed.child.exitCode !== null);
    seed.child.kill("SIGTERM");
    expect((await seed.exit)[0]).toBe(143);
    expect(seed.output()).toContain(`seed: interrupted (SIGTERM); ${file} left as it was`);
    expect((await readdir(dir)).filter((name) => name.startsWith("first.duckdb"))).toEqual([]);
  }, 90_000);
});

describe("a file that is not a complete seed of this version", () => {
  it("is refused by the platform; --if-incomplete replaces it, and keeps a complete one untouched", async () => {
    const file = join(dir, "older.duckdb");
    // A database as seeds wrote them before the completion marker: tables, no seed_info.
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run("CREATE TABLE workspaces (id VARCHAR PRIMARY KEY)");
    conn.closeSync();
    instance.closeSync();
    await expect(openPlatform(file)).rejects.toThrow(
      `${file} is not a complete seed of this version: it has no completion marker (written before markers existed, or not by the seed). Write a new one with: npm run seed -- --data ${file}`,
    );

    const replace = startSeed(file, [...SMALL, "--if-incomplete"]);
    expect((await replace.exit)[0]).toBe(0);
    expect(replace.output()).toContain(`seed: replacing ${file}: it has no completion marker`);
    expect(await clicksIn(file)).toBe(2000);

    const kept = sha(file);
    const keep = startSeed(file, ["--clicks", "9000", "--if-incomplete"]);
    expect((await keep.exit)[0]).toBe(0);
    expect(keep.output()).toBe("");
    expect(sha(file)).toBe(kept);
  }, 90_000);
});
