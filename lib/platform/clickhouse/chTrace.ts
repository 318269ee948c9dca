import type { Row } from "../query/db";
import type { SentCounter } from "../query/sqlTrace";
import type { ChDb, ChValues } from "./clickhouseDb";

/** query/sqlTrace.ts for the ClickHouse event store: each statement reported with its `{name:Type}` values. */

export interface ChTracedStatement {
  seq: number;
  sql: string;
  params: ChValues;
  ms: number;
  outcome: { rows: number } | { error: string };
}

export function tracedChDb(
  inner: ChDb,
  report: (statement: ChTracedStatement) => void,
  counter: SentCounter = { sent: 0 },
): ChDb {
  return {
    ...inner,
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

const quote = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;

function chLiteral(value: ChValues[string]): string {
  if (typeof value === "string") return quote(value);
  if (Array.isArray(value)) return `[${value.map((item: string) => quote(item)).join(", ")}]`;
  return String(value);
}

/** One block: a header (number, "ClickHouse", time, outcome), the statement, then `-- {name} = value` per parameter. */
export function formatChTraced(statement: ChTracedStatement): string {
  const outcome =
    "rows" in statement.outcome
      ? `${statement.outcome.rows} row${statement.outcome.rows === 1 ? "" : "s"}`
      : `failed: ${statement.outcome.error}`;
  const values = Object.entries(statement.params).map(([name, value]) => `-- {${name}} = ${chLiteral(value)}`);
  return `-- statement ${statement.seq} · on ClickHouse · ${statement.ms.toFixed(1)} ms · ${outcome}\n${[statement.sql.trim(), ...values].join("\n")}\n`;
}
