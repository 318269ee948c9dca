import type { JS } from "@duckdb/node-api";
import type { Row } from "./db";

/** Typed reads of converted DuckDB values; a type mismatch is a server bug and throws. */

function fail(row: Row, column: string, expected: string): never {
  throw new Error(`column ${column}: expected ${expected}, got ${typeof row[column]}`);
}

export function str(row: Row, column: string): string {
  const v = row[column];
  return typeof v === "string" ? v : fail(row, column, "string");
}

export function nstr(row: Row, column: string): string | null {
  const v = row[column];
  if (v === null || v === undefined) return null;
  return typeof v === "string" ? v : fail(row, column, "string or null");
}

export function bool(row: Row, column: string): boolean {
  const v = row[column];
  return typeof v === "boolean" ? v : fail(row, column, "boolean");
}

/** BIGINT columns arrive as bigint; counters and cents fit in a double. */
export function num(row: Row, column: string): number {
  const v = row[column];
  if (typeof v === "bigint") return Number(v);
  return typeof v === "number" ? v : fail(row, column, "number");
}

export function date(row: Row, column: string): Date {
  const v = row[column];
  return v instanceof Date ? v : fail(row, column, "timestamp");
}

export function ndate(row: Row, column: string): Date | null {
  const v = row[column];
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : fail(row, column, "timestamp or null");
}

export function strList(row: Row, column: string): string[] {
  const v: JS | undefined = row[column];
  if (!Array.isArray(v)) return fail(row, column, "list");
  return v.map((item) => (typeof item === "string" ? item : fail(row, column, "list of strings")));
}

/** A JSON column (text) parsed, or null. */
export function json(row: Row, column: string): unknown {
  const text = nstr(row, column);
  return text === null ? null : (JSON.parse(text) as unknown);
}
