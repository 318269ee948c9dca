import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

const WRITE_COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"]);

function commandOf(sql: string): PostgresQueryResult<unknown>["command"] {
  const word = /^\s*(?:WITH\b[\s\S]*?\)\s*)?([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? "SELECT";
  return (WRITE_COMMANDS.has(word) ? word : "SELECT") as PostgresQueryResult<unknown>["command"];
}

/**
 * PGlite (one embedded Postgres, one session) seen as the connection pool Kysely's Postgres
 * dialect expects: one client at a time, so a transaction's statements never interleave with
 * another request's. The same dialect then serves PGlite and a Postgres server.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();
  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => released);
      await previous;
      let done = false;
      const client = {
        async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
          const result = await pglite.query<R>(sql, [...parameters]);
          return { command: commandOf(sql), rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
        },
        release() {
          if (done) return;
          done = true;
          release();
        },
      };
      // Kysely's cursor overload (streaming) is never used here.
      return client as PostgresPoolClient;
    },
    async end() {
      await tail;
      await pglite.close();
    },
  };
}
