import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from "@duckdb/node-api";
import type { Db } from "../query/db";
import type { Timers } from "../timers";
import { interruptible } from "./interruptible";
import { PoolBusy } from "./poolBusy";

/** A Db over several connections, with statements that return nothing (building derived state) and a way to close. */
export interface Pool extends Db {
  run(sql: string): Promise<void>;
  /** Connections idle and leased, and statements waiting for one. */
  stats(): PoolStats;
  close(): void;
}

export interface PoolStats {
  idle: number;
  leased: number;
  waiting: number;
}

export interface PoolOptions {
  size: number;
  /** Statements that may wait for a connection; one more is refused at once (PoolBusy "full"). */
  maxWaiting: number;
  /** The longest a statement waits for a connection before it is refused (PoolBusy "waited"). */
  maxWaitMs: number;
  timers: Timers;
}

interface Lease {
  conn: DuckDBConnection;
  statements: Map<string, DuckDBPreparedStatement>;
}

interface Waiter {
  grant(lease: Lease): void;
}

/** Prepared statements kept per connection; SQL text varies only with the set of filters used. */
const MAX_STATEMENTS = 256;

/**
 * A small pool of connections on one instance: a DuckDB connection runs one statement at a
 * time, so concurrent requests each lease their own. Statements are prepared once per text.
 * `connect` opens a connection set up as the queries expect it.
 *
 * Bounded both ways: a statement waits for a connection only while the waiting list has room
 * and only up to the longest wait (then PoolBusy, which the app answers with a 429 and a
 * Retry-After); a statement given an AbortSignal leaves the list when it aborts, and is
 * interrupted if already running, its connection returned once DuckDB has stopped it.
 */
export async function createPool(
  instance: DuckDBInstance,
  connect: (instance: DuckDBInstance) => Promise<DuckDBConnection>,
  options: PoolOptions,
): Promise<Pool> {
  const { size, maxWaiting, maxWaitMs, timers } = options;
  const idle: Lease[] = [];
  try {
    for (let i = 0; i < size; i++) idle.push({ conn: await connect(instance), statements: new Map() });
  } catch (err) {
    for (const lease of idle) lease.conn.closeSync();
    throw err;
  }
  const all = [...idle];
  const waiters: Waiter[] = [];
  let closed = false;
  const retryAfterSeconds = Math.max(1, Math.ceil(maxWaitMs / 1000));

  /** A connection; `bounded` holds the wait to the pool's limits (requests do, building derived state at open does not). */
  const acquire = (bounded: boolean, signal?: AbortSignal): Promise<Lease> => {
    if (closed) return Promise.reject(new Error("database is closed"));
    if (signal?.aborted) return Promise.reject(signal.reason as unknown);
    const lease = idle.pop();
    if (lease) return Promise.resolve(lease);
    if (bounded && waiters.length >= maxWaiting) return Promise.reject(new PoolBusy("full", retryAfterSeconds));
    return new Promise<Lease>((resolve, reject) => {
      const leave = (reason: unknown) => {
        const index = waiters.indexOf(waiter);
        if (index === -1) return;
        waiters.splice(index, 1);
        stopWaiting();
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const cancelTimer = bounded
        ? timers.after(maxWaitMs, () => leave(new PoolBusy("waited", retryAfterSeconds)))
        : () => {};
      const stopWaiting = () => {
        cancelTimer();
        signal?.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        grant(lease) {
          stopWaiting();
          resolve(lease);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      waiters.push(waiter);
    });
  };
  const release = (lease: Lease) => {
    const next = waiters.shift();
    if (next) next.grant(lease);
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

  return {
    async all(sql, params, signal) {
      const lease = await acquire(true, signal);
      try {
        return await interruptible(lease.conn, signal, async () => {
          const statement = await prepared(lease, sql);
          statement.clearBindings();
          statement.bind(params);
          const reader = await statement.runAndReadAll();
          return reader.getRowObjectsJS();
        });
      } finally {
        release(lease);
      }
    },
    async run(sql) {
      const lease = await acquire(false);
      try {
        await lease.conn.run(sql);
      } finally {
        release(lease);
      }
    },
    stats: () => ({ idle: idle.length, leased: all.length - idle.length, waiting: waiters.length }),
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
