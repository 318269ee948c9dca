import type { DuckDBConnection, DuckDBPreparedStatement } from "@duckdb/node-api";
import type { Platform } from "../../lib/platform/openPlatform";
import type { Statement } from "./recordingDb";

/**
 * Recorded statements run straight on DuckDB connections: prepared once per text, as the
 * platform's pool does, bound, run, and their results read in full, but not converted to
 * JavaScript rows. Each connection is set up as the platform sets up its own (UTC session
 * zone, the conversion-clicks temp table).
 */
export interface DirectSql {
  /** Runs the statements wave after wave, a wave's statements side by side; returns the rows of each statement. */
  replay(statements: readonly Statement[]): Promise<number[]>;
  close(): void;
}

interface Conn {
  conn: DuckDBConnection;
  prepared: Map<string, DuckDBPreparedStatement>;
}

function waves(statements: readonly Statement[]): Statement[][] {
  const out: Statement[][] = [];
  for (const s of statements) {
    const last = out.at(-1);
    if (last && last[0].wave === s.wave) last.push(s);
    else out.push([s]);
  }
  return out;
}

export async function openDirectSql(platform: Platform, connections = 4): Promise<DirectSql> {
  const conns: Conn[] = [];
  // Set up exactly as the platform's own connections, so the replayed statements see the same session.
  for (let i = 0; i < connections; i++) conns.push({ conn: await platform.connect(), prepared: new Map() });

  const run = async (c: Conn, s: Statement): Promise<number> => {
    let statement = c.prepared.get(s.sql);
    if (!statement) {
      statement = await c.conn.prepare(s.sql);
      c.prepared.set(s.sql, statement);
    }
    statement.clearBindings();
    statement.bind({ ...s.params });
    const reader = await statement.runAndReadAll();
    return reader.currentRowCount;
  };

  return {
    async replay(statements) {
      const rows: number[] = [];
      for (const wave of waves(statements)) {
        if (wave.length > conns.length)
          throw new Error(`a wave of ${wave.length} statements needs more than ${conns.length} connections`);
        rows.push(...(await Promise.all(wave.map((s, i) => run(conns[i], s)))));
      }
      return rows;
    },
    close() {
      for (const c of conns) {
        for (const statement of c.prepared.values()) statement.destroySync();
        c.conn.closeSync();
      }
    },
  };
}
