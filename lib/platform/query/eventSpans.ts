import type { EventKind } from "../../contract/dimensions";
import type { Db } from "./db";
import { EVENT_TABLE } from "./eventTables";
import type { EventSpan } from "./pageWindow";
import { ValueShares } from "./filterShares";
import { date, num } from "./rows";

async function readSpan(db: Db, workspaceId: string, kind: EventKind): Promise<EventSpan> {
  const [row] = await db.all(
    `SELECT count(*) AS n, coalesce(min(timestamp), TIMESTAMPTZ 'epoch') AS first, coalesce(max(timestamp), TIMESTAMPTZ 'epoch') AS last
FROM ${EVENT_TABLE[kind]} WHERE workspace_id = $ws`,
    { ws: workspaceId },
  );
  return { count: num(row, "n"), first: date(row, "first"), last: date(row, "last") };
}

/**
 * How many events of a kind a workspace has and when they begin and end, read once per
 * workspace and kind, and kept current by the writer after each commit (as the rollups are).
 * Used to size a first attempt (see pageWindow), to know a page lies past the last event, and
 * that a seek's partial slot past it holds none (pageSeek).
 */
export class EventSpans {
  private readonly spans = new Map<string, EventSpan>();
  /** Bumped by every event recorded: a span read before it is not kept. */
  private version = 0;
  /** The shares of their values among the recent events, for the same use (filterShares.ts). */
  readonly shares = new ValueShares();

  /** An event was written: a known span grows to include it. */
  record(workspaceId: string, kind: EventKind, timestamp: Date): void {
    this.version += 1;
    const key = `${workspaceId} ${kind}`;
    const known = this.spans.get(key);
    if (!known) return;
    this.spans.set(key, {
      count: known.count + 1,
      first: known.count === 0 || timestamp < known.first ? timestamp : known.first,
      last: known.count === 0 || timestamp > known.last ? timestamp : known.last,
    });
  }

  /**
   * The span, read through `db` until one read has succeeded. Reads in flight are not shared:
   * `db` is a request's, and a request that stops must not fail another one's page.
   */
  of(db: Db, workspaceId: string, kind: EventKind): Promise<EventSpan> {
    return this.through(workspaceId, kind, () => readSpan(db, workspaceId, kind));
  }

  /** The span, read by `read` (an event store of its own, ../clickhouse) until one read has succeeded. */
  async through(workspaceId: string, kind: EventKind, read: () => Promise<EventSpan>): Promise<EventSpan> {
    const key = `${workspaceId} ${kind}`;
    const known = this.spans.get(key);
    if (known) return known;
    const version = this.version;
    const span = await read();
    if (version === this.version) this.spans.set(key, span);
    return span;
  }
}
