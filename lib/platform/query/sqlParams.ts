import { listValue, timestampTZValue, type DuckDBValue } from "@duckdb/node-api";

/** A SQL fragment and the positional values its `$n` placeholders refer to. */
export interface SqlFragment {
  sql: string;
  params: DuckDBValue[];
}

/**
 * Collects bound values and hands out their `$n` placeholders, so fragments built
 * by different modules can share one numbering. Values never become SQL text.
 */
export class SqlParams {
  readonly values: DuckDBValue[] = [];

  /** A copy that continues the numbering: for a second query reusing a fragment. */
  fork(): SqlParams {
    const copy = new SqlParams();
    copy.values.push(...this.values);
    return copy;
  }

  add(value: DuckDBValue): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Comma-separated placeholders for a non-empty list, for `IN (...)`. */
  list(values: readonly string[]): string {
    if (values.length === 0) throw new Error("SqlParams.list needs at least one value");
    return values.map((v) => this.add(v)).join(", ");
  }

  /** One LIST(VARCHAR) parameter, for `list_contains(...)` (keeps plans that a join would break). */
  stringList(values: readonly string[]): string {
    if (values.length === 0) throw new Error("SqlParams.stringList needs at least one value");
    return this.add(listValue([...values]));
  }

  timestamp(date: Date): string {
    return this.add(timestampTZValue(BigInt(date.getTime()) * 1000n));
  }
}

/** A validated non-negative integer as SQL text (LIMIT/OFFSET keep DuckDB's top-N plan). */
export function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return String(n);
}
