import { listValue, timestampTZValue, type DuckDBValue } from "@duckdb/node-api";
import type { SqlValues } from "./db";

type Scalar = string | number | bigint | boolean;

const NAME = /^[a-z][A-Za-z0-9_]*$/;

/**
 * Collects the values of one statement's named parameters and hands out their `$name`, so
 * fragments built by different modules can share them. Values never become SQL text, and a
 * list is one parameter: the statement text depends on which filters a request uses, never on
 * how many values they hold. A name stands for one value: naming it again with the same value
 * reuses it (the workspace, the range of every kind), with another value is a bug and throws.
 */
export class SqlParams {
  private readonly bound: Record<string, DuckDBValue> = {};
  /** What each name was bound to, comparable: DuckDB's value objects are not. */
  private readonly identities = new Map<string, string>();

  get values(): SqlValues {
    return this.bound;
  }

  /** A copy to extend: for a second statement reusing a fragment. */
  fork(): SqlParams {
    const copy = new SqlParams();
    Object.assign(copy.bound, this.bound);
    for (const [name, identity] of this.identities) copy.identities.set(name, identity);
    return copy;
  }

  add(name: string, value: Scalar): string {
    return this.bind(name, value, `${typeof value}:${String(value)}`);
  }

  timestamp(name: string, date: Date): string {
    return this.bind(name, timestampTZValue(BigInt(date.getTime()) * 1000n), `timestamp:${date.getTime()}`);
  }

  /** One LIST(VARCHAR) parameter, for `list_contains($name, column)`. */
  list(name: string, values: readonly string[]): string {
    if (values.length === 0) throw new Error(`SqlParams.list: $${name} needs at least one value`);
    return this.bind(name, listValue([...values]), `list:${JSON.stringify(values)}`);
  }

  private bind(name: string, value: DuckDBValue, identity: string): string {
    if (!NAME.test(name)) throw new Error(`SqlParams: "${name}" is not a parameter name`);
    const previous = this.identities.get(name);
    if (previous !== undefined && previous !== identity)
      throw new Error(`SqlParams: $${name} is already bound to another value`);
    this.identities.set(name, identity);
    this.bound[name] = value;
    return `$${name}`;
  }
}

/** A validated non-negative integer as SQL text (LIMIT/OFFSET keep DuckDB's top-N plan). */
export function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return String(n);
}
