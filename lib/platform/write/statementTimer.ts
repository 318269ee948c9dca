import { appendFileSync } from "node:fs";
import type { WriteConn } from "./writeConn";

/**
 * With LINKLENS_WRITE_TIMINGS=<file> in the environment, a writer connection's statements timed:
 * every 5 s the totals per statement (its first 90 characters) are appended to that file, most costly first. Off by
 * default: a profiling aid for the write path (docs/platform.md, "The write path").
 */
export function timedConn(name: string, conn: WriteConn): WriteConn {
  const out = process.env.LINKLENS_WRITE_TIMINGS;
  if (!out) return conn;
  const totals = new Map<string, { n: number; ms: number }>();
  const timed =
    <A extends unknown[], R>(kind: string, run: (...args: A) => Promise<R>, label: (...args: A) => string) =>
    async (...args: A): Promise<R> => {
      const start = performance.now();
      try {
        return await run(...args);
      } finally {
        const key = `${kind} ${label(...args)
          .replace(/\s+/g, " ")
          .slice(0, 90)}`;
        const total = totals.get(key) ?? { n: 0, ms: 0 };
        total.n += 1;
        total.ms += performance.now() - start;
        totals.set(key, total);
      }
    };
  setInterval(() => {
    if (totals.size === 0) return;
    const lines = [...totals].sort((a, b) => b[1].ms - a[1].ms);
    appendFileSync(
      out,
      `[${name} statements, last 5 s]\n${lines.map(([sql, t]) => `  ${t.ms.toFixed(0).padStart(6)} ms ${String(t.n).padStart(6)}× ${(t.ms / t.n).toFixed(2).padStart(6)} ms  ${sql}`).join("\n")}\n`,
    );
    totals.clear();
  }, 5000).unref();
  return {
    run: timed("run", conn.run, (sql) => sql),
    all: timed("all", conn.all, (sql) => sql),
    runPrepared: timed("prep", conn.runPrepared, (sql) => sql),
    allPrepared: timed("prepAll", conn.allPrepared, (sql) => sql),
    append: timed("append", conn.append, (table) => table),
  };
}
