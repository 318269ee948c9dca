import "server-only";
import { CompiledQuery, type Kysely } from "kysely";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import type { Tables } from "./schema";

/** rate-limiter-flexible's rows: `key`, `points`, `expire` (ms since the epoch), in one table of ours (./migrations.ts). */
export const RATE_LIMITS_TABLE = "rate_limits";

interface StoreQuery {
  text: string;
  values?: unknown[];
}

/**
 * The dashboard's database as the `pool` RateLimiterPostgres queries: the same connection for
 * PGlite and a Postgres server (what replicas share), so every replica counts the same attempts.
 * Its statements are parameterized; `expire` comes back as a number whichever driver read it.
 */
function storeClient(db: Kysely<Tables>) {
  return {
    async query({ text, values = [] }: StoreQuery) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      const rows = (result.rows as Record<string, unknown>[]).map((row) =>
        "expire" in row && row.expire !== null ? { ...row, expire: Number(row.expire) } : row,
      );
      return { rows, rowCount: result.numAffectedRows !== undefined ? Number(result.numAffectedRows) : rows.length };
    },
  };
}

/** A limiter on the dashboard's database: `points` within `durationS` seconds per key, keys under `prefix`. */
export function databaseLimiter(
  db: Kysely<Tables>,
  prefix: string,
  points: number,
  durationS: number,
): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: storeClient(db),
    storeType: "pool",
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    keyPrefix: prefix,
    points,
    duration: durationS,
  });
}
