import { Readable } from "node:stream";
import { ClickHouseLogLevel, createClient, drainStream, type ClickHouseClient } from "@clickhouse/client";
import type { Row } from "../query/db";

/**
 * The event store's connection: `@clickhouse/client` (Apache-2.0, ClickHouse's own) over HTTP,
 * the same in production and in tests (where it reaches the in-process engine through
 * testing/chdbFront.ts). Rows come back converted as DuckDB's are (query/rows.ts reads both):
 * 64-bit integers as bigint, DateTime64 as Date, Nullable NULL as null.
 */

/** Values of a statement's `{name:Type}` parameters, by name: as `ChParams` (chParams.ts) binds them. */
export type ChValues = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** Reads with named parameters, in ClickHouse's dialect. */
export interface ChDb {
  all(sql: string, params: ChValues, signal?: AbortSignal): Promise<Row[]>;
  /** A statement without a result (DDL, INSERT … SELECT). */
  command(sql: string, params?: ChValues): Promise<void>;
  /** Rows appended to a table, as JSONEachRow. */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  /** Rows already written as JSON lines appended to a table (a bulk copy: no object per row). */
  insertJsonLines(table: string, lines: string): Promise<void>;
}

/** How the client holds its connections. */
export interface ClickHouseConnectionOptions {
  /**
   * Reuse idle sockets (the default). Off, every statement opens a connection of its own: for a
   * process whose timers may be faked (a test's clock), where the client's timer that retires an
   * idle socket before the server closes it would never fire.
   */
  keepAlive?: boolean;
}

/** The ClickHouse server's URL, user and password in it (`http://user:pass@host:8123/db`); its path names the database. */
export function openClickHouse(
  url: string,
  { keepAlive = true }: ClickHouseConnectionOptions = {},
): { db: ChDb; client: ClickHouseClient; close(): Promise<void> } {
  const parsed = new URL(url);
  const database = parsed.pathname.replace(/^\/+/, "") || "default";
  const client = createClient({
    url: `${parsed.protocol}//${parsed.host}`,
    username: decodeURIComponent(parsed.username) || "default",
    password: decodeURIComponent(parsed.password),
    database,
    request_timeout: 30_000,
    keep_alive: { enabled: keepAlive },
    // The platform answers failures in the API's error shape and logs them itself.
    log: { level: ClickHouseLogLevel.OFF },
    // 64-bit integers as JSON numbers would lose precision past 2^53: quoted, read back as bigint.
    clickhouse_settings: { output_format_json_quote_64bit_integers: 1 },
  });
  return { db: clickHouseDb(client), client, close: () => client.close() };
}

function unwrap(type: string): string {
  const m = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(type);
  return m ? unwrap(m[1]) : type;
}

/** One value of a column of `type` as JSONCompact gives it, as the readers of query/rows.ts expect it. */
export function convertValue(value: unknown, type: string): Row[string] {
  if (value === null) return null;
  const base = unwrap(type);
  if (base.startsWith("DateTime")) return new Date(`${String(value).replace(" ", "T")}Z`);
  if (/^U?Int(64|128|256)$/.test(base)) return BigInt(String(value));
  if (base.startsWith("Array(")) {
    const inner = base.slice("Array(".length, -1);
    return (value as unknown[]).map((item) => convertValue(item, inner)) as Row[string];
  }
  return value as Row[string];
}

export function clickHouseDb(client: ClickHouseClient): ChDb {
  return {
    async all(sql, params, signal) {
      const result = await client.query({
        query: sql,
        query_params: { ...params },
        format: "JSONCompactEachRowWithNamesAndTypes",
        abort_signal: signal,
      });
      const [names, types, ...rows] = await result.json<unknown[]>();
      if (!names || !types) return [];
      const columns = names as string[];
      const columnTypes = types as string[];
      return rows.map((values) => {
        const row: Row = {};
        columns.forEach((name, i) => (row[name] = convertValue((values as unknown[])[i], columnTypes[i])));
        return row;
      });
    },
    async command(sql, params = {}) {
      await client.command({ query: sql, query_params: { ...params } });
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      await client.insert({ table, values: rows as Record<string, unknown>[], format: "JSONEachRow" });
    },
    async insertJsonLines(table, lines) {
      if (lines.length === 0) return;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
      const result = await client.exec({
        query: `INSERT INTO ${table} FORMAT JSONEachRow`,
        values: Readable.from([Buffer.from(lines)], { objectMode: false }),
      });
      await drainStream(result.stream);
    },
  };
}

/** `db` with every read bound to `signal`, as query/db.ts boundTo. */
export function boundChTo(db: ChDb, signal: AbortSignal): ChDb {
  return { ...db, all: (sql, params, own) => db.all(sql, params, own ?? signal) };
}
