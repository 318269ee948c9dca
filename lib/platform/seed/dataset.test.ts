import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDuckDbFile } from "../store/duckdbFile";
import { SEED_TABLES, seedDatabase, type SeedOptions } from "./index";
import type { EventSizes } from "./events";

/**
 * The seeded dataset is pinned: many tests, snapshots and benchmarks read it. These digests were
 * taken from the seed that generated every event in memory before writing any; the seed that
 * generates and writes them a chunk at a time must give the same rows in the same physical order,
 * also when its chunks and batches are tiny (every edge between them crossed many times).
 */

const NOW = Date.parse("2026-11-22T02:00:00.000Z");

/** Per table: rows, then the MD5 of every row as text in physical (rowid) order. */
async function digest(file: string): Promise<Record<string, string>> {
  const store = await openDuckDbFile(file, { readOnly: true });
  try {
    const sums: Record<string, string> = {};
    for (const t of SEED_TABLES) {
      const r = await store.conn.runAndReadAll(
        `SELECT count(*)::VARCHAR || ':' || md5(coalesce(string_agg(t::VARCHAR, chr(10) ORDER BY t.rowid), '')) FROM ${t} t`,
      );
      sums[t] = String(r.getRowsJS()[0]![0]);
    }
    return sums;
  } finally {
    store.close();
  }
}

const ENTITIES = {
  workspaces: "4:2428a9f1ebe001da146ede88e750fe7c",
  api_keys: "4:5f85e7128ea6c944440d303746c7c91a",
  domains: "11:2b2092852182d185549eb689bdd1f663",
  folders: "19:043533d48effc1bd582839de9576fe17",
  tags: "30:f95dbe069aa6007672298c6da8dce331",
  partner_groups: "8:c2f56fab95a8e74921818ffc77924d73",
  partners: "58:a9df0b5dd74ec63fb8c544679ee56bcb",
  partner_tags: "12:c996bb9b5a435164da1019f9aa8a5f5c",
  partner_tag_assignments: "64:5767f3f196c23940ecf06fa2c79b1016",
};

const CASES: readonly { name: string; opts: SeedOptions; sizes: EventSizes; expected: Record<string, string> }[] = [
  {
    name: "5,000 clicks over 30 days, default chunks",
    opts: { clicks: 5000, days: 30, seed: 7, now: NOW },
    sizes: {},
    expected: {
      ...ENTITIES,
      links: "731:1346635fc181db73ffc0192c2b67d1c2",
      link_tags: "776:bf6d0e8458caac289b084db30f01a76c",
      customers: "125:2e699a180154d304264ba6702757fb95",
      click_events: "5000:e217ccb5f4f830b38d7d906c345a7045",
      lead_events: "125:36ccc36be0f6be5e50075dc79de14a32",
      sale_events: "35:9cb20d438f6acdc2b7c96ef51964b76a",
    },
  },
  {
    name: "60,000 clicks over 400 days, chunks of 777 clicks and batches of 33 leads",
    opts: { clicks: 60_000, days: 400, seed: 3, now: NOW },
    sizes: { clickChunk: 777, leadBatch: 33 },
    expected: {
      ...ENTITIES,
      links: "753:b01ecae8ddcae640c2cc8a4921b9ded1",
      link_tags: "836:eefff58c234e6e9f122bd49140368695",
      customers: "1482:ce50f78f210c6400da20f9a87f3240ea",
      click_events: "60000:acbf8ba63b6eb387ce21aac58356c9da",
      lead_events: "1482:27a1650d82f299e0e4d1ec45f2e3b829",
      sale_events: "3000:7304382b5d8df9961a42c94d550a6440",
    },
  },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "linklens-dataset-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the seeded dataset", () => {
  for (const c of CASES) {
    it(`is unchanged: ${c.name}`, { timeout: 120_000 }, async () => {
      const file = join(dir, `${c.opts.seed}-${c.opts.clicks}.duckdb`);
      await seedDatabase(file, c.opts, c.sizes);
      expect(await digest(file)).toEqual(c.expected);
    });
  }
});
