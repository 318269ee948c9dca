import { inject, vi } from "vitest";
import { openClickHouse, type ChDb } from "../clickhouse/clickhouseDb";
import { cloneEventStore } from "../clickhouse/testing/testEventStore";

/**
 * The event store of the vitest project a test runs in: the integration project serves DuckDB,
 * "integration on ClickHouse" the seed's events copied to ClickHouse (globalSetup.ts). Platforms
 * a test opens itself (inProcess.ts, writablePlatform.ts) take theirs from here, so one suite
 * runs unchanged on both stores.
 */

/** A ClickHouse event store a test's platform holds, closed with it; null on DuckDB. */
export interface ProjectEvents {
  db: ChDb;
  close(): Promise<void>;
}

/** The project's ClickHouse event store's URL, or null when the project serves DuckDB. */
export function projectClickHouseUrl(): string | null {
  return inject("clickhouseUrl") || null;
}

/**
 * `work` run to its end while the test's timers may be faked (./limiterTime.ts): @clickhouse/client
 * yields with a 0 ms timeout before each request (its socket pool lets idle-socket timers run), a
 * timeout a faked clock never fires by itself. The fake clock runs what is due now, never later.
 */
async function pastFakeTimers<T>(work: () => Promise<T>): Promise<T> {
  if (!vi.isFakeTimers()) return work();
  let settled = false;
  const done = work().finally(() => (settled = true));
  while (!settled) {
    if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

/**
 * The project's seeded events to read (never write): the shared store itself, migrated by the
 * global setup; null on DuckDB. For tests that may fake the timers (./limiterTime.ts): a
 * connection per statement (a faked clock would keep idle sockets past the server's timeout),
 * each statement carried past the fake clock.
 */
export async function readEvents(): Promise<ProjectEvents | null> {
  const url = projectClickHouseUrl();
  if (!url) return null;
  const { db, close } = openClickHouse(url, { keepAlive: false });
  return {
    db: {
      all: (sql, params, signal) => pastFakeTimers(() => db.all(sql, params, signal)),
      command: (sql, params) => pastFakeTimers(() => db.command(sql, params)),
      insert: (table, rows) => pastFakeTimers(() => db.insert(table, rows)),
      insertJsonLines: (table, lines) => pastFakeTimers(() => db.insertJsonLines(table, lines)),
    },
    close,
  };
}

/** The project's seeded events for a platform that writes: a copy of its own (dropped on close); null on DuckDB. */
export async function writableEvents(): Promise<ProjectEvents | null> {
  const url = projectClickHouseUrl();
  return url ? cloneEventStore(url) : null;
}
