import { listValue } from "@duckdb/node-api";
import { str } from "../query/rows";
import { parseJournal, type ClickJournal } from "./clickJournal";
import { timestampValue, type ClickRow } from "./eventRows";
import { MAX_GROUP } from "./groupCommit";
import type { StoreWriter } from "./storeWriter";

/**
 * At start, before any visit: writes the journal's clicks that the store lacks (a kill came
 * between a visit's answer and its copy's commit), each once, through the writer as any batch of
 * clicks (counters, rollups and webhook deliveries follow), then empties the journal. A click the
 * store has already is not written again, so replaying twice (a kill during the replay) writes
 * nothing twice; nor is one the event mirror holds sent there again. Returns how many clicks were written.
 */
export async function replayClicks(writer: StoreWriter, journal: ClickJournal): Promise<number> {
  const rows = parseJournal(await journal.read());
  let written = 0;
  for (let start = 0; start < rows.length; start += MAX_GROUP) {
    const chunk = rows.slice(start, start + MAX_GROUP);
    written += await writer.transact(async (tx) => {
      const from = new Date(Math.min(...chunk.map((row) => row.timestamp.getTime())));
      const present = await tx.all(
        `SELECT id FROM click_events WHERE timestamp >= $from AND id IN (SELECT unnest($ids::VARCHAR[]))`,
        {
          from: timestampValue(from),
          ids: listValue(chunk.map((row) => row.id)),
        },
      );
      const seen = new Set(present.map((row) => str(row, "id")));
      const missing: ClickRow[] = [];
      for (const row of chunk) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        missing.push(row);
      }
      // On a mirrored store (ClickHouse) a kill between the mirror's insert and the file's commit left some there already.
      const mirrored = await writer.mirrorHolds(
        missing.map((row) => row.id),
        from,
      );
      await tx.recordClicks(missing, mirrored);
      return missing.length;
    });
  }
  await journal.empty();
  return written;
}
