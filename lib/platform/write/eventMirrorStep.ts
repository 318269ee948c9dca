import type { EventKind } from "../../contract/dimensions";
import type { EventRow } from "./eventRows";
import type { OpenFileTransaction } from "./writePhase";

/**
 * Where the events are kept besides the file, when they are read from elsewhere (the ClickHouse
 * event store: ../clickhouse/eventMirror.ts). Both run inside the file's transaction, before it
 * commits: a failure rolls the write back. The writer reaches them only through the steps below,
 * which take the open transaction and check it is still open.
 */
export interface EventMirror {
  /** The transaction's events. */
  write(events: readonly EventRow[]): Promise<void>;
  /** Every event of a deleted link; safe to run again after a failure part way. */
  removeLink(workspaceId: string, linkId: string): Promise<void>;
  /** The mirror's events of a kind at or after `from`, by workspace and id (./mirrorSettle.ts). */
  heldSince(kind: EventKind, from: Date): Promise<readonly { workspaceId: string; id: string }[]>;
  /** These events of a workspace taken out of the mirror (never committed in the file); safe to run again. */
  removeEvents(kind: EventKind, workspaceId: string, ids: readonly string[]): Promise<void>;
  /**
   * Which of these clicks (none earlier than `from`) the mirror holds already: a kill between its
   * insert and the file's commit leaves them there and not in the file (../write/clickReplay.ts).
   */
  heldClicks(ids: readonly string[], from: Date): Promise<ReadonlySet<string>>;
}

/** The write's events copied to the mirror, last inside the file's transaction (after the write's own work, before COMMIT). */
export async function mirrorEvents(
  open: OpenFileTransaction,
  mirror: EventMirror | null,
  events: readonly EventRow[],
): Promise<void> {
  if (!mirror || events.length === 0) return;
  open.assertOpen("The mirror's copy of the events");
  await mirror.write(events);
}

/** A deleted link's events taken out of the mirror, inside the file's transaction that deletes them. */
export async function mirrorLinkRemoval(
  open: OpenFileTransaction,
  mirror: EventMirror | null,
  workspaceId: string,
  linkId: string,
): Promise<void> {
  if (!mirror) return;
  open.assertOpen("The mirror's removal of a link's events");
  await mirror.removeLink(workspaceId, linkId);
}
