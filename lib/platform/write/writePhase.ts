import type { EventRow } from "./eventRows";
import { inTransaction, type WriteConn } from "./writeConn";

/**
 * The phases of one write, in the order the writer goes through them:
 *
 *   open ──(work, then the mirror)──▶ committed ──▶ derived state, link listeners, hooks' `committed`
 *     └──(anything throws)──▶ rolled back (nothing after it runs)
 *
 * What must happen inside the file's transaction (the ClickHouse mirror: ./eventMirrorStep.ts)
 * takes an `OpenFileTransaction`, which exists only inside `commitFile` and refuses to be used
 * once the transaction ended; what must happen only after commit (the rollups, the spans, the
 * hooks) takes a `CommittedWrite`, which only `commitFile` makes, once COMMIT returned.
 */
export type WritePhase = "open" | "committed" | "rolled back";

/** The file's transaction while it is open: proof, for a step that must commit or roll back with the write, that it still can. */
export interface OpenFileTransaction {
  readonly phase: WritePhase;
  /** Throws unless the transaction is still open: `what` came too late to commit or roll back with the write. */
  assertOpen(what: string): void;
}

/** A transaction's proof and the one handle that ends it (kept by commitFile). */
function beginProof(): { open: OpenFileTransaction; end(phase: Exclude<WritePhase, "open">): void } {
  let phase: WritePhase = "open";
  return {
    open: {
      get phase() {
        return phase;
      },
      assertOpen(what) {
        if (phase !== "open")
          throw new Error(`${what} must run inside the file's transaction, before it commits (it is ${phase})`);
      },
    },
    end(next) {
      phase = next;
    },
  };
}

declare const committedBrand: unique symbol;

/** A write whose file transaction committed: its result and the events it recorded, for what follows a commit. */
export interface CommittedWrite<T> {
  readonly result: T;
  readonly events: readonly EventRow[];
  readonly [committedBrand]: true;
}

/**
 * Runs `work` in one transaction of `file`; COMMIT when it returns, ROLLBACK when it throws. The
 * only way to a `CommittedWrite`: `events` (filled while `work` runs) are handed on only once
 * the commit returned.
 */
export async function commitFile<T>(
  file: WriteConn,
  events: readonly EventRow[],
  work: (open: OpenFileTransaction) => Promise<T>,
): Promise<CommittedWrite<T>> {
  const { open, end } = beginProof();
  let result: T;
  try {
    result = await inTransaction(file, () => work(open));
  } catch (err) {
    end("rolled back");
    throw err;
  }
  end("committed");
  return { result, events } as CommittedWrite<T>;
}
