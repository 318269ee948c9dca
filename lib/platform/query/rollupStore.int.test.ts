import { describe, expect, it } from "vitest";
import { parseAnalyticsQuery } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import { seedCopies } from "../testing/seedCopies";
import { projectClickHouseUrl } from "../testing/projectStore";
import { testClick } from "../testing/writerFixture";
import { buildSql, rollupKeys } from "./analyticsRollupBuild";
import { queryAnalytics } from "./analyticsQuery";
import { ROLLUP_LINK_DOMAINS, rollupTable } from "./analyticsRollup";
import { ROLLUP_SCHEMA } from "./rollupStore";
import { LEGACY_TABLE_DEFINITIONS } from "./rollupLegacyDefinitions";
import { ROLLUP_DEFINITIONS, ROLLUP_STATE, rollupTableDefinitions } from "./rollupState";
import type { Store } from "./store";
import type { Platform } from "../openPlatform";

/**
 * The rollups kept in the file (rollupStore.ts): the seed writes them, an open trusts them only
 * while their state matches the events, and a file whose rollups do not match (none stored, an
 * older definition, events written without them) gets them built again: into the file when
 * writable (once), in memory when read-only. Each case works on a copy of the project's seed.
 */

const { copyOfSeed, onFile, opened } = seedCopies("linklens-rollup-store-");

const CASES = [
  "groupBy=count&event=composite&interval=90d",
  "groupBy=countries&event=composite&interval=90d&device=Mobile&trigger=link",
  "groupBy=top_links&event=composite&interval=90d&country=US",
  "groupBy=top_links&event=composite&interval=90d&country=US&device=Mobile",
  "groupBy=timeseries&event=clicks&interval=90d&granularity=day",
];

/** Every case as the store answers it, and as the events alone do. */
async function answers(store: Store): Promise<{ rollups: unknown[]; events: unknown[] }> {
  const [row] = await store.db.all(
    "SELECT workspace_id FROM click_events GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
    {},
  );
  const workspaceId = String(row?.workspace_id);
  const answer = (s: Store, qs: string) => {
    const query = parseAnalyticsQuery(new URLSearchParams(qs));
    return queryAnalytics(s, query, { workspaceId, range: resolveRange(query, new Date(), new Date(0)) });
  };
  const scan: Store = { ...store, rollups: null };
  return {
    rollups: await Promise.all(CASES.map((qs) => answer(store, qs))),
    events: await Promise.all(CASES.map((qs) => answer(scan, qs))),
  };
}

/** Whether two schemas' rollups hold the same rows (as multisets, after summing rows by key). */
async function sameRollups(store: Store, a: string, b: string): Promise<boolean> {
  for (const [def] of rollupKeys()) {
    const folded = (schema: string) =>
      `SELECT * EXCLUDE (events, amount), sum(events) AS events, sum(amount) AS amount FROM ${rollupTable(schema, def)} GROUP BY ALL HAVING sum(events) <> 0`;
    const [diff] = await store.db.all(
      `SELECT count(*) AS n FROM ((${folded(a)} EXCEPT ALL ${folded(b)}) UNION ALL (${folded(b)} EXCEPT ALL ${folded(a)}))`,
      {},
    );
    if (Number(diff?.n) !== 0) return false;
  }
  return true;
}

/** Marks every rollup table of the file: a table built again at an open loses its mark (a kept one keeps it). */
const markTables = (): string[] =>
  [...rollupTableDefinitions().keys()].map((name) => `COMMENT ON TABLE ${ROLLUP_SCHEMA}.${name} IS 'kept'`);

/** The rollup tables built again since markTables (their mark gone). */
async function rebuilt(store: Store): Promise<string[]> {
  const rows = await store.db.all(
    `SELECT table_name FROM duckdb_tables() WHERE schema_name = '${ROLLUP_SCHEMA}' AND coalesce(comment, '') <> 'kept' AND table_name NOT IN ('${ROLLUP_STATE}', '${ROLLUP_DEFINITIONS}', '${ROLLUP_LINK_DOMAINS}') ORDER BY 1`,
    {},
  );
  return rows.map((row) => String(row.table_name));
}

/** Whether the file's stored rollups hold the rows of the same file's rollups built afresh beside them. */
async function sameAsBuiltNow(platform: Platform): Promise<boolean> {
  const conn = await platform.connect();
  try {
    await conn.run("ATTACH ':memory:' AS fresh (READ_WRITE)");
    for (const [def, key] of rollupKeys()) for (const sql of buildSql("fresh", def, key)) await conn.run(sql);
  } finally {
    conn.closeSync();
  }
  return sameRollups(platform.store, ROLLUP_SCHEMA, "fresh");
}

/** A click on the file's first link, `ago` ms before now, recorded by the platform's writer. */
async function recordClick(platform: Platform, id: string, ago: number): Promise<void> {
  const writer = platform.writer;
  if (!writer) throw new Error("writable");
  const [link] = await platform.store.db.all("SELECT id, workspace_id, url FROM links LIMIT 1", {});
  await writer.transact((tx) =>
    tx.recordClick(
      testClick(
        id,
        { id: String(link?.id), workspaceId: String(link?.workspace_id), url: String(link?.url) },
        { timestamp: new Date(Date.now() - ago), trigger: "qr", ip: "203.0.113.7" },
      ),
    ),
  );
}

// The file's own rollups: the ClickHouse store keeps its rollups on ClickHouse (docs/clickhouse.md).
describe.skipIf(projectClickHouseUrl() !== null)("rollups kept in the file", () => {
  it("are written by the seed and read as they are, the answers those of the events", async () => {
    const file = await copyOfSeed();
    await opened(file, false, async (platform) => {
      expect(platform.rollupSource).toBe("stored");
      expect(platform.store.rollups).toBe(ROLLUP_SCHEMA);
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
  });

  it("kept by the writer are what a build from the events holds, and opened as they are after", {
    timeout: 60_000,
  }, async () => {
    const file = await copyOfSeed();
    await opened(file, true, async (platform) => {
      for (let i = 0; i < 3; i++) await recordClick(platform, `rsClick00000000${i}`, i * 3_600_000);
      await platform.drain();
    });
    await opened(file, false, async (platform) => {
      expect(platform.rollupSource).toBe("stored");
      // The same file's rollups built afresh, beside the stored ones: the same rows.
      expect(await sameAsBuiltNow(platform)).toBe(true);
    });
  });

  it("a file from a build that kept none gets them in memory read-only, and stored once opened writable", {
    timeout: 60_000,
  }, async () => {
    const file = await copyOfSeed();
    await onFile(file, `DROP SCHEMA ${ROLLUP_SCHEMA} CASCADE`);
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("in memory"));
    await opened(file, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("stored"));
  });

  it("rollups of another definition are built again", async () => {
    const file = await copyOfSeed();
    await onFile(file, ...markTables(), `UPDATE ${ROLLUP_SCHEMA}.${ROLLUP_DEFINITIONS} SET definition = 'older'`);
    await opened(file, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      expect(await rebuilt(platform.store)).toEqual([...rollupTableDefinitions().keys()].sort());
    });
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("stored"));
  });

  it("events written without their rollups (an older writer, a stop between the two commits) are noticed and repaired", async () => {
    const file = await copyOfSeed();
    // A click copied to a new id and a new day, and a sale taken away: the rollups no longer hold the events.
    await onFile(
      file,
      `INSERT INTO click_events SELECT * REPLACE ('rsOlderWriter0001' AS id, timestamp - INTERVAL 3 DAY AS timestamp) FROM click_events LIMIT 1`,
      `DELETE FROM sale_events WHERE id = (SELECT min(id) FROM sale_events)`,
    );
    await opened(file, false, async (platform) => {
      expect(platform.rollupSource).toBe("in memory");
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
    await opened(file, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("stored"));
  });

  it("as many events added as taken away, at other times, still differ from the rollups' state", async () => {
    const file = await copyOfSeed();
    await onFile(
      file,
      `INSERT INTO click_events SELECT * REPLACE ('rsSwapped00000001' AS id, timestamp - INTERVAL 1 HOUR AS timestamp) FROM click_events WHERE id = (SELECT max(id) FROM click_events)`,
      `DELETE FROM click_events WHERE id = (SELECT min(id) FROM click_events)`,
    );
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("in memory"));
  });

  it("a rollup whose definition changed is built again alone, into the file, and kept by the writer after", {
    timeout: 60_000,
  }, async () => {
    const file = await copyOfSeed();
    // The link's week cube as another version defined it (and its rows lost, so a kept table would show).
    await onFile(
      file,
      ...markTables(),
      `UPDATE ${ROLLUP_SCHEMA}.${ROLLUP_DEFINITIONS} SET definition = 'older' WHERE name = 'link_id__week_cube'`,
      `DELETE FROM ${ROLLUP_SCHEMA}.link_id__week_cube`,
    );
    await opened(file, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      expect(await rebuilt(platform.store)).toEqual(["link_id__week_cube"]);
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
      await recordClick(platform, "rsPartial00000001", 86_400_000);
      await platform.drain();
    });
    await opened(file, false, async (platform) => {
      expect(platform.rollupSource).toBe("stored");
      expect(await sameAsBuiltNow(platform)).toBe(true);
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
  });

  it("read-only, a changed rollup is built in memory alone beside the file's others, the answers those of the events", async () => {
    const file = await copyOfSeed();
    await onFile(
      file,
      `UPDATE ${ROLLUP_SCHEMA}.${ROLLUP_DEFINITIONS} SET definition = 'older' WHERE name IN ('link_id__week_country_device', 'day__cube')`,
      `DELETE FROM ${ROLLUP_SCHEMA}.link_id__week_country_device`,
      `DELETE FROM ${ROLLUP_SCHEMA}.day__cube`,
    );
    await opened(file, false, async (platform) => {
      expect(platform.rollupSource).toBe("in memory");
      const [built] = await platform.store.db.all(
        `SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = '${String(platform.store.rollups)}'`,
        {},
      );
      expect(Number(built?.n)).toBe(2);
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
  });

  it("a table no longer defined is dropped and the others kept", async () => {
    const file = await copyOfSeed();
    await onFile(file, ...markTables(), `CREATE TABLE ${ROLLUP_SCHEMA}.retired__cube AS SELECT 1 AS t`);
    await opened(file, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      expect(await rebuilt(platform.store)).toEqual([]);
    });
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("stored"));
  });

  it("a file of one digest for all (older builds): a known build's keeps the tables defined as this build does, an unknown one's are all built", {
    timeout: 60_000,
  }, async () => {
    const [[legacy, tables]] = Object.entries(LEGACY_TABLE_DEFINITIONS);
    const changed = [...rollupTableDefinitions()]
      .filter(([name, digest]) => tables[name] !== digest)
      .map(([name]) => name);
    const older = async (definition: string) => {
      const file = await copyOfSeed();
      await onFile(
        file,
        ...markTables(),
        `DROP TABLE ${ROLLUP_SCHEMA}.${ROLLUP_DEFINITIONS}`,
        `UPDATE ${ROLLUP_SCHEMA}.${ROLLUP_STATE} SET definition = '${definition}'`,
      );
      return file;
    };
    const known = await older(legacy);
    await opened(known, true, async (platform) => {
      expect(platform.rollupSource).toBe(changed.length > 0 ? "stored now" : "stored");
      expect(await rebuilt(platform.store)).toEqual([...changed].sort());
      const { rollups, events } = await answers(platform.store);
      expect(rollups).toEqual(events);
    });
    await opened(known, false, async (platform) => expect(platform.rollupSource).toBe("stored"));
    const unknown = await older("unknown");
    await opened(unknown, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      expect(await rebuilt(platform.store)).toEqual([...rollupTableDefinitions().keys()].sort());
    });
  });

  it("links moved to another domain since their events were rolled up: the domain's rollup is built again alone", async () => {
    const file = await copyOfSeed();
    await onFile(
      file,
      ...markTables(),
      `UPDATE links SET domain = 'moved.example.org' WHERE id IN (SELECT id FROM links ORDER BY id LIMIT 5)`,
    );
    await opened(file, true, async (platform) => {
      expect(platform.rollupSource).toBe("stored now");
      expect(await rebuilt(platform.store)).toEqual(["domain__week_country_device"]);
      const [moved] = await platform.store.db.all(
        `SELECT count(*) AS n FROM links l JOIN ${ROLLUP_SCHEMA}.${ROLLUP_LINK_DOMAINS} m ON m.link_id = l.id WHERE l.domain <> m.domain`,
        {},
      );
      expect(Number(moved?.n)).toBe(0);
    });
    await opened(file, false, async (platform) => expect(platform.rollupSource).toBe("stored"));
  });
});
