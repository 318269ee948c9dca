import type { Db, Row } from "../query/db";

/**
 * A deliberately slow statement: counts through 10^11 numbers, minutes of work on one thread.
 * A test that sees it end within seconds has seen it interrupted.
 */
export const SLOW_SQL = "SELECT count(*) AS n FROM range(100000000000) t(i) WHERE i % 7 = 3";

/** One statement the stalling Db replaced by SLOW_SQL: when it ended, and how. */
export interface StalledStatement {
  /** Resolves with the reason the statement was stopped, or null if it returned rows. */
  readonly ended: Promise<unknown>;
}

export interface StallingDb {
  readonly db: Db;
  /** The next statement to stall, once it has been sent to the pool (running, or waiting for a connection). */
  next(): Promise<StalledStatement>;
}

/**
 * `inner` with every query statement replaced by SLOW_SQL, run with the statement's own signal;
 * the key lookups (statements on api_keys) go through unchanged, so requests still authenticate.
 */
export function stallingDb(inner: Db): StallingDb {
  const unclaimed: StalledStatement[] = [];
  const claims: ((statement: StalledStatement) => void)[] = [];
  const db: Db = {
    all(sql, params, signal): Promise<Row[]> {
      if (sql.includes("api_keys")) return inner.all(sql, params, signal);
      const rows = inner.all(SLOW_SQL, {}, signal);
      const statement: StalledStatement = {
        ended: rows.then(
          () => null,
          (reason: unknown) => reason,
        ),
      };
      const claim = claims.shift();
      if (claim) claim(statement);
      else unclaimed.push(statement);
      return rows;
    },
  };
  return {
    db,
    next() {
      const statement = unclaimed.shift();
      return statement ? Promise.resolve(statement) : new Promise((resolve) => claims.push(resolve));
    },
  };
}
