/**
 * node --import tsx scripts/bench/seedMemory.ts --clicks N [--days D] [--data FILE] [--every MS]
 * Seeds as the seed does (lib/platform/seed/index.ts seedDatabase) and says where its memory goes:
 * before each statement the seed runs, and every --every ms while one runs (on a second
 * connection), the process's resident memory, the JS heap, DuckDB's own count (duckdb_memory(),
 * by tag) and its temporary files. Click generation is synchronous: nothing is sampled inside it.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { DuckDBConnection } from "@duckdb/node-api";
import { storeRollups } from "../../lib/platform/query/rollupStore";
import { removeLeftovers, removeWithWal, seedingFile } from "../../lib/platform/seed/atomicFile";
import { SEED_DUCKDB_MEMORY, writeSeedData } from "../../lib/platform/seed/index";
import { createSchema, openDuckDbFile } from "../../lib/platform/store/duckdbFile";

const { values } = parseArgs({
  options: {
    clicks: { type: "string", default: "2000000" },
    days: { type: "string", default: "365" },
    data: { type: "string", default: ".bench/seed-memory.duckdb" },
    every: { type: "string", default: "2000" },
  },
});
const clicks = Number(values.clicks);
const days = Number(values.days);
const every = Number(values.every);

const mb = (bytes: number) => Math.round(bytes / 1e6);

function rssKb(): { rss: number; hwm: number } {
  const status = readFileSync("/proc/self/status", "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

const started = performance.now();
let phase = "open";

async function sample(probe: DuckDBConnection, label: string): Promise<void> {
  const memory = (
    await probe.runAndReadAll(
      `SELECT tag, memory_usage_bytes AS used, temporary_storage_bytes AS temp FROM duckdb_memory() WHERE memory_usage_bytes > 0 OR temporary_storage_bytes > 0 ORDER BY used DESC`,
    )
  ).getRowObjectsJS();
  const temp = (
    await probe.runAndReadAll(`SELECT coalesce(sum(size), 0) AS bytes FROM duckdb_temporary_files()`)
  ).getRowObjectsJS()[0]?.bytes;
  const { rss, hwm } = rssKb();
  const heap = process.memoryUsage();
  const duck = memory.reduce((sum, row) => sum + Number(row.used), 0);
  const tags = memory.map((row) => `${String(row.tag)}=${mb(Number(row.used))}`).join(" ");
  console.log(
    `${((performance.now() - started) / 1000).toFixed(1).padStart(7)}s ${label.padEnd(28)} rss=${mb(rss * 1024)} peak=${mb(hwm * 1024)} ` +
      `heap=${mb(heap.heapUsed)} ext=${mb(heap.external + heap.arrayBuffers)} duckdb=${mb(duck)} [${tags}] tempfiles=${mb(Number(temp ?? 0))}`,
  );
}

async function main(): Promise<void> {
  await removeLeftovers(values.data);
  const temp = seedingFile(values.data);
  await removeWithWal(temp);
  const store = await openDuckDbFile(temp);
  const probe = await store.instance.connect();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void sample(probe, `  during ${phase}`).finally(() => (busy = false));
  }, every);
  // Every statement the seed runs is labelled by its first words, and sampled before it runs.
  const conn = new Proxy(store.conn, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if ((key === "run" || key === "runAndReadAll") && typeof value === "function") {
        return async (sql: string, ...rest: unknown[]) => {
          const label = sql.replace(/\s+/g, " ").trim().slice(0, 28);
          if (!label.startsWith("SELECT workspace_id, click_id")) await sample(probe, `before ${label}`);
          phase = label;
          return (value as (...a: unknown[]) => unknown).call(target, sql, ...rest);
        };
      }
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
  try {
    await conn.run(`SET memory_limit = '${SEED_DUCKDB_MEMORY}'`);
    await createSchema(conn);
    await writeSeedData(conn, { clicks, days, seed: 1, now: Date.UTC(2026, 10, 26, 14) });
    await storeRollups({
      run: async (sql) => void (await conn.run(sql)),
      all: async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJS(),
    });
    await conn.run("CHECKPOINT");
    await sample(probe, "done");
  } finally {
    clearInterval(timer);
    probe.closeSync();
    store.close();
    await removeWithWal(temp);
  }
}

await main();
