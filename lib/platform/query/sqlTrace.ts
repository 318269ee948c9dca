import { DuckDBListValue, DuckDBTimestampTZValue, type DuckDBValue } from "@duckdb/node-api";
import type { Db, Row, SqlValues } from "./db";

/** Seeing the SQL a request runs: a Db that reports each statement, and a readable form of it. */

export interface TracedStatement {
  /** 1 for the first statement sent through the handle: side-by-side statements end in any order. */
  seq: number;
  sql: string;
  params: SqlValues;
  ms: number;
  /** Rows returned, or the error's message. */
  outcome: { rows: number } | { error: string };
}

/** Numbers statements in the order sent; handles sharing one (DuckDB's and ClickHouse's) number them together. */
export interface SentCounter {
  sent: number;
}

/** `inner`, reporting every statement after it has run (or failed). */
export function tracedDb(
  inner: Db,
  report: (statement: TracedStatement) => void,
  counter: SentCounter = { sent: 0 },
): Db {
  return {
    async all(sql, params, signal) {
      const seq = ++counter.sent;
      const started = performance.now();
      const ms = () => performance.now() - started;
      let rows: Row[];
      try {
        rows = await inner.all(sql, params, signal);
      } catch (err) {
        report({
          seq,
          sql,
          params,
          ms: ms(),
          outcome: { error: err instanceof Error ? err.message.split("\n")[0] : String(err) },
        });
        throw err;
      }
      report({ seq, sql, params, ms: ms(), outcome: { rows: rows.length } });
      return rows;
    },
  };
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A bound value as a DuckDB literal, so a statement can be pasted and run by hand. */
function sqlLiteral(value: DuckDBValue): string {
  if (value === null) return "NULL";
  if (typeof value === "string") return quote(value);
  if (value instanceof DuckDBListValue) return `[${value.items.map(sqlLiteral).join(", ")}]`;
  if (value instanceof DuckDBTimestampTZValue) return `TIMESTAMPTZ ${quote(value.toString())}`;
  return String(value);
}

/** The statement's parameters in the order the text first names them. */
function paramsInOrder(sql: string, params: SqlValues): [string, DuckDBValue][] {
  const names = [...new Set([...sql.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]))];
  const named = names.filter((name) => Object.hasOwn(params, name));
  const rest = Object.keys(params).filter((name) => !names.includes(name));
  return [...named, ...rest].map((name) => [name, params[name]]);
}

/** The statement, then one `-- $name = value` line per parameter. */
export function formatStatement(sql: string, params: SqlValues): string {
  const values = paramsInOrder(sql, params).map(([name, value]) => `-- $${name} = ${sqlLiteral(value)}`);
  return [sql.trim(), ...values].join("\n");
}

/** Statements in the order they were sent. */
export const inOrderSent = (statements: readonly TracedStatement[]) => [...statements].sort((a, b) => a.seq - b.seq);

/** A traced statement as one block: a header line with its number, time and outcome, then formatStatement. */
export function formatTraced(statement: TracedStatement): string {
  const outcome =
    "rows" in statement.outcome
      ? `${statement.outcome.rows} row${statement.outcome.rows === 1 ? "" : "s"}`
      : `failed: ${statement.outcome.error}`;
  return `-- statement ${statement.seq} · ${statement.ms.toFixed(1)} ms · ${outcome}\n${formatStatement(statement.sql, statement.params)}\n`;
}
