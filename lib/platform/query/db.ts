import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement, DuckDBValue, JS } from "@duckdb/node-api";
import { buildRollups } from "./analyticsRollupBuild";
import { createConversionClicks } from "./conversionClicks";

export type Row = Record<string, JS>;

/** What the query layer needs from the store: parameterized reads. */
export interface Db {
  all(sql: string, params: readonly DuckDBValue[]): Promise<Row[]>;
  close(): void;
  /** The in-memory database holding the pre-aggregated events (analyticsRollup), when built. */
  readonly rollups?: string;
}

interface Lease {
  conn: DuckDBConnection;
  statements: Map<string, DuckDBPreparedStatement>;
}

/** Prepared statements kept per connection; SQL text varies only with the set of filters used. */
const MAX_STATEMENTS = 256;

/**
 * A small pool of connections on one instance: a DuckDB connection runs one statement at a
 * time, so concurrent requests each lease their own. Statements are prepared once per text.
 * Opening it builds the analytics rollups (about half a second per million clicks).
 */
/** A connection as the query layer expects it: UTC session time zone, conversion clicks in place. */
export async function openConnection(instance: DuckDBInstance): Promise<DuckDBConnection> {
  const conn = await instance.connect();
  await conn.run(`SET TimeZone = 'UTC'`);
  await createConversionClicks(conn);
  return conn;
}

export async function createDb(instance: DuckDBInstance, size = 4): Promise<Db> {
  const idle: Lease[] = [];
  for (let i = 0; i < size; i++) idle.push({ conn: await openConnection(instance), statements: new Map() });
  const all = [...idle];
  const waiters: ((lease: Lease) => void)[] = [];
  let closed = false;

  const acquire = (): Promise<Lease> => {
    const lease = idle.pop();
    if (lease) return Promise.resolve(lease);
    return new Promise((resolve) => waiters.push(resolve));
  };
  const release = (lease: Lease) => {
    const next = waiters.shift();
    if (next) next(lease);
    else idle.push(lease);
  };

  const prepared = async (lease: Lease, sql: string): Promise<DuckDBPreparedStatement> => {
    const cached = lease.statements.get(sql);
    if (cached) {
      // Refresh recency: Map iteration order is insertion order.
      lease.statements.delete(sql);
      lease.statements.set(sql, cached);
      return cached;
    }
    const statement = await lease.conn.prepare(sql);
    lease.statements.set(sql, statement);
    if (lease.statements.size > MAX_STATEMENTS) {
      const [oldestSql, oldest] = lease.statements.entries().next().value as [string, DuckDBPreparedStatement];
      lease.statements.delete(oldestSql);
      oldest.destroySync();
    }
    return statement;
  };

  let rollups: string;
  try {
    rollups = await buildRollups(async (sql) => {
      const lease = await acquire();
      try {
        await lease.conn.run(sql);
      } finally {
        release(lease);
      }
    });
  } catch (err) {
    for (const lease of all) lease.conn.closeSync();
    throw err;
  }

  return {
    rollups,
    async all(sql, params) {
      if (closed) throw new Error("database is closed");
      const lease = await acquire();
      try {
        const statement = await prepared(lease, sql);
        statement.clearBindings();
        if (params.length > 0) statement.bind([...params]);
        const reader = await statement.runAndReadAll();
        return reader.getRowObjectsJS();
      } finally {
        release(lease);
      }
    },
    close() {
      if (closed) return;
      closed = true;
      for (const lease of all) {
        for (const statement of lease.statements.values()) statement.destroySync();
        lease.conn.closeSync();
      }
    },
  };
}
