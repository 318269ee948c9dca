import { EVENT_KINDS } from "../../contract/dimensions";
import type { Row, SqlValues } from "../query/db";
import { EVENT_TABLE } from "../query/eventTables";
import { ndate, str } from "../query/rows";
import type { EventMirror } from "./eventMirrorStep";
import { timestampValue } from "./eventRows";

/**
 * How long before the file's latest event of a kind an event left on the mirror by a kill may be
 * stamped: a write is stamped when its request arrives, and waits in the writer's queue behind
 * the writes before it (seconds at most) before its transaction inserts it there.
 */
export const SETTLE_MARGIN_MS = 10 * 60_000;

/**
 * More events than a crash can leave (one transaction's: a group commit of at most 2,000 clicks,
 * or a group of tracking calls): a mirror holding more that the file lacks is not this file's.
 */
export const MAX_UNSETTLED = 10_000;

/**
 * At start, after the click journal's replay and before any write: the events the mirror
 * (ClickHouse) holds that the file never committed are taken out of it. The writer inserts a
 * transaction's events there before the file commits; a kill between the two leaves them on
 * ClickHouse only. A visit's click is in the journal, and its replay records it in the file
 * (./clickReplay.ts); a tracked click, lead or sale was never answered, so its sender sends it
 * again, and it would be held twice. Those are the mirror's events of the last moments before the
 * file's latest (SETTLE_MARGIN_MS) that the file lacks. Returns how many were taken out; running
 * again takes out nothing more. Runs in the writer's queue (`tx` reads the file).
 */
export async function settleMirror(
  tx: { all(sql: string, values?: SqlValues): Promise<Row[]> },
  mirror: EventMirror,
): Promise<number> {
  let removed = 0;
  for (const kind of EVENT_KINDS) {
    const table = EVENT_TABLE[kind];
    const [latest] = await tx.all(`SELECT max(timestamp) AS t FROM ${table}`);
    // A file without events of the kind: a crash's leftovers are of the last moments before now.
    const last = (latest ? ndate(latest, "t") : null)?.getTime() ?? Date.now();
    const from = new Date(last - SETTLE_MARGIN_MS);
    const held = await mirror.heldSince(kind, from);
    if (held.length === 0) continue;
    const inFile = await tx.all(`SELECT id FROM ${table} WHERE timestamp >= $from`, { from: timestampValue(from) });
    const committed = new Set(inFile.map((row) => str(row, "id")));
    const unsettled = new Map<string, string[]>();
    for (const { workspaceId, id } of held) {
      if (committed.has(id)) continue;
      unsettled.set(workspaceId, [...(unsettled.get(workspaceId) ?? []), id]);
      removed++;
    }
    if (removed > MAX_UNSETTLED)
      throw new Error(
        `the ClickHouse event store holds ${removed} recent ${kind} this file does not: is it this file's store? (npm run copy-events -- --replace copies the file's events there)`,
      );
    for (const [workspaceId, ids] of unsettled) await mirror.removeEvents(kind, workspaceId, ids);
  }
  return removed;
}
