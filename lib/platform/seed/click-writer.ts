/**
 * Writes click_events fast. The clicks cross into DuckDB as numbers only (dimension indexes, epoch
 * ms), a data chunk at a time. One INSERT ... SELECT then orders them by workspace and time (zone
 * maps prune both), maps the indexes to the dimension values, and makes the per-click strings,
 * id and IP, from each click's generation index and the seed (click-strings.ts): no string per
 * click is made in JavaScript, where 10 million of them cost most of the seed's time and memory.
 */
import {
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  USMALLINT,
  UTINYINT,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
} from "@duckdb/node-api";
import { clickIdSql, clickIpKeySql, clickIpSql } from "./click-strings";
import { DEVICE_ROWS } from "./ref-devices";
import { GEO_ROWS } from "./ref-geo";
import { sqlList } from "./sql-lists";
import { TRIGGERS, type ClickColumns, type ClickDims, type Link } from "./types";

const CHUNK = 2048;

export const CLICK_COLUMNS = [
  "id",
  "workspace_id",
  "link_id",
  "timestamp",
  "url",
  "country",
  "city",
  "region",
  "continent",
  "device",
  "browser",
  "os",
  "ua",
  "trigger",
  "referer",
  "referer_url",
  "ip",
];

type Numbers = Float64Array | Int32Array | Uint16Array | Uint8Array;

const STAGE: readonly { name: string; type: DuckDBType; values: (c: ClickColumns) => Numbers }[] = [
  { name: "ts", type: DOUBLE, values: (c) => c.ts },
  { name: "link", type: INTEGER, values: (c) => c.link },
  { name: "geo", type: USMALLINT, values: (c) => c.geo },
  { name: "device", type: USMALLINT, values: (c) => c.device },
  { name: "trig", type: UTINYINT, values: (c) => c.trigger },
  { name: "referer", type: USMALLINT, values: (c) => c.referer },
  { name: "url", type: INTEGER, values: (c) => c.url },
];

/**
 * The clicks as generated, numbers only, in a temporary table (which DuckDB spills to disk past
 * its memory limit): each with its generation index `gen` and its workspace's rank `ws` in the
 * order of their ids, the first key of the table's physical order.
 */
export class ClickStage {
  /**
   * One chunk of CHUNK rows, refilled for every full chunk. A data chunk's native memory is freed
   * by a finalizer that Node runs only once the event loop turns, and click generation is one
   * synchronous call: a new chunk per 2,048 clicks kept all of them, about 30 bytes a click, until
   * generation ended (3 GB at 100M).
   */
  private full: DuckDBDataChunk | null = null;

  private constructor(
    private readonly appender: DuckDBAppender,
    private readonly wsRank: Uint8Array,
  ) {}

  static async open(conn: DuckDBConnection, links: readonly Link[]): Promise<ClickStage> {
    await conn.run(
      `CREATE OR REPLACE TEMP TABLE seed_clicks (gen INTEGER, ws UTINYINT, ${STAGE.map((s) => `${s.name} ${s.type.toString()}`).join(", ")})`,
    );
    // Ids are ASCII: JavaScript's order of them is DuckDB's.
    const ids = [...new Set(links.map((l) => l.workspaceId))].sort();
    const rank = new Map(ids.map((id, i) => [id, i]));
    const wsRank = Uint8Array.from(links, (l) => rank.get(l.workspaceId)!);
    return new ClickStage(await conn.createAppender("seed_clicks", "main", "temp"), wsRank);
  }

  /** The clicks of generation indexes [first, first + c.count). */
  append(c: ClickColumns, first: number): void {
    const types = [INTEGER, UTINYINT, ...STAGE.map((s) => s.type)];
    const columns = STAGE.map((s) => s.values(c));
    for (let start = 0; start < c.count; start += CHUNK) {
      const size = Math.min(CHUNK, c.count - start);
      const chunk =
        size === CHUNK ? (this.full ??= DuckDBDataChunk.create(types, CHUNK)) : DuckDBDataChunk.create(types, size);
      const gen = chunk.getColumnVector(0);
      const ws = chunk.getColumnVector(1);
      for (let i = 0; i < size; i++) {
        gen.setItem(i, first + start + i);
        ws.setItem(i, this.wsRank[c.link[start + i]!]!);
      }
      gen.flush();
      ws.flush();
      columns.forEach((values, k) => {
        const vector = chunk.getColumnVector(k + 2);
        for (let i = 0; i < size; i++) vector.setItem(i, values[start + i]!);
        vector.flush();
      });
      this.appender.appendDataChunk(chunk);
    }
  }

  close(): void {
    try {
      this.appender.flushSync();
    } finally {
      this.appender.closeSync();
    }
  }
}

/** The staged clicks into click_events, ordered by workspace and time; the stage is dropped. */
export async function writeClicks(
  conn: DuckDBConnection,
  seed: number,
  dims: ClickDims,
  links: readonly Link[],
): Promise<void> {
  const dim = <T>(rows: readonly T[], get: (row: T) => string | null, index: string) =>
    `${sqlList(rows.map(get))}[c.${index} + 1]`;
  // Sorting the narrow stage first keeps the sort small; the projection above it keeps its order.
  await conn.run(
    `
    INSERT INTO click_events (${CLICK_COLUMNS.map((c) => `"${c}"`).join(", ")})
    SELECT ${clickIdSql("c.gen")}, ${dim(links, (l) => l.workspaceId, "link")}, ${dim(links, (l) => l.id, "link")},
           make_timestamptz(CAST(c.ts AS BIGINT) * 1000), ${dim(dims.urls, (u) => u, "url")},
           ${dim(GEO_ROWS, (g) => g.country.code, "geo")}, ${dim(GEO_ROWS, (g) => g.city.name, "geo")},
           ${dim(GEO_ROWS, (g) => g.city.region, "geo")}, ${dim(GEO_ROWS, (g) => g.country.continent, "geo")},
           ${dim(DEVICE_ROWS, (d) => d.device, "device")}, ${dim(DEVICE_ROWS, (d) => d.browser, "device")},
           ${dim(DEVICE_ROWS, (d) => d.os, "device")}, ${dim(DEVICE_ROWS, (d) => d.ua, "device")},
           ${sqlList(TRIGGERS)}[c.trig + 1],
           ${dim(dims.referers, (r) => r.host, "referer")}, ${dim(dims.referers, (r) => r.url, "referer")},
           ${clickIpSql("c")}
    FROM (SELECT c.*, ${clickIpKeySql("c.gen")} AS ip_key FROM (SELECT * FROM seed_clicks c ORDER BY c.ws, c.ts, c.gen) c) c`,
    { seed: String(seed) },
  );
  await conn.run("DROP TABLE seed_clicks");
}
