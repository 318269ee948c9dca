/** Appends rows of small tables through the DuckDB appender, column by column as a TableSpec says. */
import {
  DuckDBTimestampTZValue,
  LIST,
  VARCHAR,
  listValue,
  type DuckDBAppender,
  type DuckDBConnection,
} from "@duckdb/node-api";

export type Column<T> =
  | { readonly name: string; readonly kind: "text"; readonly get: (row: T, i: number) => string | null }
  | { readonly name: string; readonly kind: "bool"; readonly get: (row: T, i: number) => boolean }
  | { readonly name: string; readonly kind: "int"; readonly get: (row: T, i: number) => number }
  | { readonly name: string; readonly kind: "ts"; readonly get: (row: T, i: number) => number | null }
  | { readonly name: string; readonly kind: "list"; readonly get: (row: T, i: number) => readonly string[] };

export interface TableSpec<T> {
  readonly table: string;
  /** Every column of the table, in schema order (see assertColumns). */
  readonly columns: readonly Column<T>[];
}

export function tsValue(ms: number): DuckDBTimestampTZValue {
  return new DuckDBTimestampTZValue(BigInt(ms) * 1000n);
}

const TEXT_LIST = LIST(VARCHAR);

function appendCell<T>(appender: DuckDBAppender, col: Column<T>, row: T, i: number): void {
  switch (col.kind) {
    case "text": {
      const v = col.get(row, i);
      if (v === null) appender.appendNull();
      else appender.appendVarchar(v);
      return;
    }
    case "bool":
      appender.appendBoolean(col.get(row, i));
      return;
    case "int":
      appender.appendBigInt(BigInt(col.get(row, i)));
      return;
    case "ts": {
      const v = col.get(row, i);
      if (v === null) appender.appendNull();
      else appender.appendTimestampTZ(tsValue(v));
      return;
    }
    case "list":
      appender.appendList(listValue([...col.get(row, i)]), TEXT_LIST);
      return;
  }
}

/** Columns of every table of the database file, in schema order. */
export async function schemaColumns(conn: DuckDBConnection): Promise<Map<string, string[]>> {
  const reader = await conn.runAndReadAll(
    `SELECT table_name, column_name FROM duckdb_columns()
     WHERE database_name = current_database() AND schema_name = 'main' ORDER BY table_name, column_index`,
  );
  const tables = new Map<string, string[]>();
  for (const [table, column] of reader.getRowsJS()) {
    const name = String(table);
    tables.set(name, [...(tables.get(name) ?? []), String(column)]);
  }
  return tables;
}

/** Fails loudly when schema.sql and the seed disagree, instead of shifting values into wrong columns. */
export function assertColumns(
  schema: ReadonlyMap<string, readonly string[]>,
  table: string,
  expected: readonly string[],
): void {
  const actual = schema.get(table) ?? [];
  if (actual.join(",") !== expected.join(",")) {
    throw new Error(`seed: columns of ${table} are [${actual.join(", ")}], the seed writes [${expected.join(", ")}]`);
  }
}

/** Rows appended one at a time into a table (`temp`: the temporary table of that name) until closed. */
export class RowAppender<T> {
  private rows = 0;

  private constructor(
    private readonly appender: DuckDBAppender,
    private readonly spec: TableSpec<T>,
  ) {}

  static async open<T>(conn: DuckDBConnection, spec: TableSpec<T>, temp = false): Promise<RowAppender<T>> {
    return new RowAppender(await conn.createAppender(spec.table, "main", temp ? "temp" : undefined), spec);
  }

  append(row: T): void {
    for (const col of this.spec.columns) appendCell(this.appender, col, row, this.rows);
    this.appender.endRow();
    this.rows++;
  }

  /** Writes what is left; the appender is closed also when that fails. */
  close(): void {
    try {
      this.appender.flushSync();
    } finally {
      this.appender.closeSync();
    }
  }
}

/** `temp`: into the temporary table of that name. */
export async function appendRows<T>(
  conn: DuckDBConnection,
  spec: TableSpec<T>,
  rows: readonly T[],
  temp = false,
): Promise<void> {
  const appender = await RowAppender.open(conn, spec, temp);
  try {
    for (const row of rows) appender.append(row);
  } finally {
    appender.close();
  }
}
