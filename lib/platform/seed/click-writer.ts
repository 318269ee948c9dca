/**
 * Writes click_events fast: the clicks go into a temp table as numbers (dimension indexes, epoch ms)
 * through data chunks, which copy typed arrays in bulk; only the two per-click strings (id, ip) cross
 * into DuckDB one by one. One INSERT ... SELECT then maps the indexes to the dimension values.
 */
import { DOUBLE, DuckDBDataChunk, INTEGER, VARCHAR, type DuckDBConnection, type DuckDBType } from "@duckdb/node-api";
import { DEVICE_ROWS } from "./ref-devices";
import { GEO_ROWS } from "./ref-geo";
import { TRIGGERS, type ClickColumns, type ClickDims, type Link } from "./types";

const CHUNK = 2048;

export const CLICK_COLUMNS = [
  "id", "workspace_id", "link_id", "timestamp", "url", "country", "city", "region", "continent", "device", "browser",
  "os", "ua", "trigger", "referer", "referer_url", "ip",
];

const STAGE_TYPES: readonly DuckDBType[] = [
  INTEGER, DOUBLE, INTEGER, INTEGER, INTEGER, INTEGER, INTEGER, INTEGER, VARCHAR, VARCHAR,
];

async function writeStage(conn: DuckDBConnection, c: ClickColumns): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP TABLE seed_clicks (
    seq INTEGER, ts DOUBLE, link INTEGER, geo INTEGER, device INTEGER, trig INTEGER, referer INTEGER, url INTEGER,
    id VARCHAR, ip VARCHAR)`);
  const numeric: readonly ArrayLike<number>[] = [c.ts, c.link, c.geo, c.device, c.trigger, c.referer, c.url];
  const appender = await conn.createAppender("seed_clicks", "main", "temp");
  try {
    for (let start = 0; start < c.count; start += CHUNK) {
      const size = Math.min(CHUNK, c.count - start);
      const chunk = DuckDBDataChunk.create(STAGE_TYPES, size);
      const seq = chunk.getColumnVector(0);
      for (let i = 0; i < size; i++) seq.setItem(i, start + i);
      seq.flush();
      numeric.forEach((values, k) => {
        const v = chunk.getColumnVector(k + 1);
        for (let i = 0; i < size; i++) v.setItem(i, values[start + i]!);
        v.flush();
      });
      [c.ids, c.ips].forEach((values, k) => {
        const v = chunk.getColumnVector(k + 8);
        for (let i = 0; i < size; i++) v.setItem(i, values[start + i]!);
        v.flush();
      });
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/** A constant SQL list; DuckDB folds it once, then indexing it per row is a plain array lookup. */
function sqlList(values: readonly (string | null)[]): string {
  const items = values.map((v) => (v === null ? "NULL" : `'${v.replaceAll("'", "''")}'`));
  return `([${items.join(", ")}]::VARCHAR[])`;
}

export async function writeClicks(
  conn: DuckDBConnection,
  clicks: ClickColumns,
  dims: ClickDims,
  links: readonly Link[],
): Promise<void> {
  await writeStage(conn, clicks);
  const dim = <T>(rows: readonly T[], get: (row: T) => string | null, index: string) =>
    `${sqlList(rows.map(get))}[c.${index} + 1]`;
  const trigger = `${sqlList(TRIGGERS)}[c.trig + 1]`;
  // A projection of a scan keeps the stage's (timestamp) order in the table: no join, no sort.
  await conn.run(`
    INSERT INTO click_events (${CLICK_COLUMNS.map((c) => `"${c}"`).join(", ")})
    SELECT c.id, ${dim(links, (l) => l.workspaceId, "link")}, ${dim(links, (l) => l.id, "link")},
           make_timestamptz(CAST(c.ts AS BIGINT) * 1000), ${dim(dims.urls, (u) => u, "url")},
           ${dim(GEO_ROWS, (g) => g.country.code, "geo")}, ${dim(GEO_ROWS, (g) => g.city.name, "geo")},
           ${dim(GEO_ROWS, (g) => g.city.region, "geo")}, ${dim(GEO_ROWS, (g) => g.country.continent, "geo")},
           ${dim(DEVICE_ROWS, (d) => d.device, "device")}, ${dim(DEVICE_ROWS, (d) => d.browser, "device")},
           ${dim(DEVICE_ROWS, (d) => d.os, "device")}, ${dim(DEVICE_ROWS, (d) => d.ua, "device")}, ${trigger},
           ${dim(dims.referers, (r) => r.host, "referer")}, ${dim(dims.referers, (r) => r.url, "referer")}, c.ip
    FROM seed_clicks c`);
  await conn.run("DROP TABLE seed_clicks");
}
