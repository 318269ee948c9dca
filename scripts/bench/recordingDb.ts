import type { DuckDBValue } from "@duckdb/node-api";
import type { Db, Row } from "../../lib/platform/query/db";

/** One statement the query layer sent to the database, with its bound values. */
export interface Statement {
  sql: string;
  params: readonly DuckDBValue[];
  /**
   * Statements sharing a wave were issued while one another was in flight (Promise.all in
   * the query layer), so a replay runs them side by side; waves run one after the other.
   */
  wave: number;
}

export interface RecordingDb extends Db {
  /** Runs `work` and returns, with its result, every statement it sent through this handle. */
  record<T>(work: () => Promise<T>): Promise<{ value: T; statements: Statement[] }>;
}

/**
 * A thin wrapper around a Db that can write down what goes through it. The query layer's
 * caches (event spans, link records) are keyed by the handle, so warm this wrapper up before
 * recording: the statements recorded are then the ones a warm platform sends per request.
 */
export function recordingDb(inner: Db): RecordingDb {
  let log: Statement[] | null = null;
  let wave = -1;
  let inFlight = 0;
  return {
    rollups: inner.rollups,
    async all(sql: string, params: readonly DuckDBValue[]): Promise<Row[]> {
      if (inFlight === 0) wave += 1;
      log?.push({ sql, params: [...params], wave });
      inFlight += 1;
      try {
        return await inner.all(sql, params);
      } finally {
        inFlight -= 1;
      }
    },
    close: () => inner.close(),
    async record(work) {
      if (log) throw new Error("recordingDb: one recording at a time");
      log = [];
      wave = -1;
      try {
        const value = await work();
        return { value, statements: log };
      } finally {
        log = null;
      }
    },
  };
}
