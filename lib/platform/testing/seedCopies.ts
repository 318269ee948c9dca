import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { openPlatform, type Platform } from "../openPlatform";
import { openDuckDbFile } from "../store/duckdbFile";

/**
 * Copies of the project's seed for a test file that opens, changes and reopens a platform's file
 * (what an open keeps in the file and checks): a directory of its own for the file's tests,
 * removed after them.
 */
export function seedCopies(prefix: string) {
  let dir: string;
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  return {
    /** A new copy of the seed's file; its path. */
    async copyOfSeed(): Promise<string> {
      const file = join(dir, `copy${n++}.duckdb`);
      await copyFile(inject("dataFile"), file);
      return file;
    },
    /** Runs `sql` on the file directly, as another program (or an older build) would. */
    async onFile(file: string, ...sql: string[]): Promise<void> {
      const db = await openDuckDbFile(file);
      try {
        for (const statement of sql) await db.conn.run(statement);
      } finally {
        db.close();
      }
    },
    /** `use` with the platform opened on `file`, then closed (its writes finished). */
    async opened<T>(file: string, writable: boolean, use: (platform: Platform) => Promise<T>): Promise<T> {
      const platform = await openPlatform(file, { writable, clickJournal: false });
      try {
        return await use(platform);
      } finally {
        await platform.finish();
        platform.close();
      }
    },
  };
}
