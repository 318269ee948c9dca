import type { Db, Row, SqlValues } from "../../lib/platform/query/db";

/** One statement the query layer sent to the database, with its bound values. */
export interface Statement {
  sql: string;
  params: SqlValues;
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
 * A thin wrapper around a Db that can write down what goes through it. Warm the store's caches
 * (event spans, link records) up before recording: the statements recorded are then the ones a
 * warm platform sends per request.
 */
export function recordingDb(inner: Db): RecordingDb {
  let log: Statement[] | null = null;
  let wave = -1;
  let inFlight = 0;
  return {
    async all(sql: string, params: SqlValues): Promise<Row[]> {
      if (inFlight === 0) wave += 1;
      log?.push({ sql, params: { ...params }, wave });
      inFlight += 1;
      try {
        return await inner.all(sql, params);
      } finally {
        inFlight -= 1;
      }
    },
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
