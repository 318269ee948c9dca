import { inject } from "vitest";
import { openPlatform } from "../openPlatform";
import type { Row, SqlValues } from "../query/db";

/**
 * Read-only access to the seeded file from tests, opened as the platform opens it: to pick ids
 * the API cannot list (partner tags, groups, sale types, the other workspace's ids) and to check
 * results with SQL of the test's own.
 */
export interface Oracle {
  all(sql: string, params?: SqlValues): Promise<Row[]>;
  close(): void;
}

export async function openOracle(): Promise<Oracle> {
  const platform = await openPlatform(inject("dataFile"));
  return {
    all: (sql, params = {}) => platform.store.db.all(sql, params),
    close: () => platform.close(),
  };
}

export async function workspaceIdOf(oracle: Oracle, slug: string): Promise<string> {
  const [row] = await oracle.all(`SELECT id FROM workspaces WHERE slug = $slug`, { slug });
  if (!row || typeof row.id !== "string") throw new Error(`no workspace ${slug}`);
  return row.id;
}

export async function strings(oracle: Oracle, sql: string, params: SqlValues = {}): Promise<string[]> {
  const rows = await oracle.all(sql, params);
  return rows.map((row) => {
    const value = Object.values(row)[0];
    if (typeof value !== "string") throw new Error(`expected a string column in ${sql}`);
    return value;
  });
}
