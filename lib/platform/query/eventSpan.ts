import type { EventKind } from "../../filters/table";
import type { Db } from "./db";
import { EVENT_TABLE } from "./filterSql";
import { date, num } from "./rows";
import type { EventSpan } from "./pageWindow";

/**
 * How many events of a kind a workspace has and when they begin and end, read once per
 * workspace and kind: the platform serves a read-only file. Used only to size a first
 * attempt (see pageWindow), never for a result, so it cannot make a page wrong.
 */
const spans = new WeakMap<Db, Map<string, Promise<EventSpan>>>();

async function readSpan(db: Db, workspaceId: string, kind: EventKind): Promise<EventSpan> {
  const [row] = await db.all(
    `SELECT count(*) AS n, coalesce(min(timestamp), TIMESTAMPTZ 'epoch') AS first, coalesce(max(timestamp), TIMESTAMPTZ 'epoch') AS last
     FROM ${EVENT_TABLE[kind]} WHERE workspace_id = $1`,
    [workspaceId],
  );
  return { count: num(row, "n"), first: date(row, "first"), last: date(row, "last") };
}

export function eventSpan(db: Db, workspaceId: string, kind: EventKind): Promise<EventSpan> {
  let byKey = spans.get(db);
  if (!byKey) spans.set(db, (byKey = new Map()));
  const key = `${workspaceId} ${kind}`;
  let span = byKey.get(key);
  if (!span) {
    span = readSpan(db, workspaceId, kind);
    byKey.set(key, span);
    // A failed read is not kept: the next request tries again.
    span.catch(() => byKey.delete(key));
  }
  return span;
}
