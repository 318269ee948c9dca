import type { ChValues } from "./clickhouseDb";

type Scalar = string | number | bigint | boolean;

const NAME = /^[a-z][A-Za-z0-9_]*$/;

/** A Date as ClickHouse's DateTime64(3) text in UTC: `2026-03-15 12:00:00.000`. */
export function chTimestamp(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

function scalarType(value: Scalar): string {
  if (typeof value === "string") return "String";
  if (typeof value === "boolean") return "Bool";
  return "Int64";
}

/**
 * ClickHouse's counterpart of query/sqlParams.ts: collects a statement's values and hands out
 * `{name:Type}` placeholders, which the server binds (values never become SQL text; a list is
 * one Array(String) parameter). A name stands for one value, as there.
 */
export class ChParams {
  private readonly bound: Record<string, string | number | boolean | readonly string[]> = {};
  private readonly identities = new Map<string, string>();

  get values(): ChValues {
    return this.bound;
  }

  fork(): ChParams {
    const copy = new ChParams();
    Object.assign(copy.bound, this.bound);
    for (const [name, identity] of this.identities) copy.identities.set(name, identity);
    return copy;
  }

  add(name: string, value: Scalar): string {
    const type = scalarType(value);
    return this.bind(name, typeof value === "bigint" ? String(value) : value, type, `${type}:${String(value)}`);
  }

  timestamp(name: string, date: Date): string {
    return this.bind(name, chTimestamp(date), "DateTime64(3, 'UTC')", `timestamp:${date.getTime()}`);
  }

  list(name: string, values: readonly string[]): string {
    return this.bind(name, [...values], "Array(String)", `list:${JSON.stringify(values)}`);
  }

  private bind(
    name: string,
    value: string | number | boolean | readonly string[],
    type: string,
    identity: string,
  ): string {
    if (!NAME.test(name)) throw new Error(`ChParams: "${name}" is not a parameter name`);
    const previous = this.identities.get(name);
    if (previous !== undefined && previous !== identity)
      throw new Error(`ChParams: {${name}} is already bound to another value`);
    this.identities.set(name, identity);
    this.bound[name] = value;
    return `{${name}:${type}}`;
  }
}
