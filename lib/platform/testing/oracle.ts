import type { DuckDBValue } from "@duckdb/node-api";
import { inject } from "vitest";
import { openStore, type Store } from "../store/open";
import type { Row } from "../query/db";

/**
 * Read-only access to the seeded file from tests: to pick ids the API cannot list
 * (partner tags, groups, sale types, the other workspace's ids) and to check results.
 */
export interface Oracle {
  all(sql: string, params?: DuckDBValue[]): Promise<Row[]>;
  close(): void;
}

export async function openOracle(): Promise<Oracle> {
  const store: Store = await openStore(inject("dataFile"), { readOnly: true });
  return {
    async all(sql, params = []) {
      return (await store.conn.runAndReadAll(sql, params)).getRowObjectsJS();
    },
    close: () => store.close(),
  };
}

export async function workspaceIdOf(oracle: Oracle, slug: string): Promise<string> {
  const [row] = await oracle.all(`SELECT id FROM workspaces WHERE slug = $1`, [slug]);
  if (!row || typeof row.id !== "string") throw new Error(`no workspace ${slug}`);
  return row.id;
}

export async function strings(oracle: Oracle, sql: string, params: DuckDBValue[] = []): Promise<string[]> {
  const rows = await oracle.all(sql, params);
  return rows.map((row) => {
    const value = Object.values(row)[0];
    if (typeof value !== "string") throw new Error(`expected a string column in ${sql}`);
    return value;
  });
}
