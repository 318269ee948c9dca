/** Constant SQL lists of the seed's own reference values; DuckDB folds one once, then indexing it per row is an array lookup. */

export function sqlList(values: readonly (string | null)[]): string {
  const items = values.map((v) => (v === null ? "NULL" : `'${v.replaceAll("'", "''")}'`));
  return `([${items.join(", ")}]::VARCHAR[])`;
}

export function sqlIntList(values: readonly number[]): string {
  if (!values.every(Number.isSafeInteger)) throw new Error("sqlIntList: integers only");
  return `([${values.join(", ")}]::BIGINT[])`;
}
