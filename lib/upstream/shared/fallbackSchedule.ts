/** This replica's place among the replicas: `index` of `count`. */
export interface ReplicaShare {
  index: number;
  count: number;
}

/**
 * How late past its instant a turn may still be taken. A window of `limit + 1` consecutive turns
 * spans the key's window plus its margin (100 ms for a per-second limit, ../keyWindow.ts); a turn
 * taken this late still leaves half the margin for the skew between the replicas' clocks.
 */
export const TURN_TOLERANCE_MS = 50;

/**
 * A replica's own turns while it cannot reach the window the replicas share: the key's limit
 * spread over its window as evenly spaced instants, `spanMs / limit` apart on the clock all
 * replicas read (epoch time), the k-th belonging to replica `k mod count`. Each replica gets 1/N
 * of the limit, and together they never put more than `limit` requests in a window, whatever
 * their phase: which evenly shared but independent budgets cannot promise once N exceeds the limit.
 */
export class FallbackSchedule {
  private lastTurn = Number.NEGATIVE_INFINITY;

  /** This replica's next unused turn: `now` or before (no more than the tolerance) when one is due now, else a later instant. */
  next(now: number, limit: number, spanMs: number, share: ReplicaShare): number {
    const gap = spanMs / Math.max(1, limit);
    let k = Math.ceil((now - TURN_TOLERANCE_MS) / gap);
    k += (((share.index - k) % share.count) + share.count) % share.count;
    while (k * gap <= this.lastTurn) k += share.count;
    return k * gap;
  }

  /** Uses the turn at `turn` (a value `next` returned). */
  take(turn: number): void {
    this.lastTurn = turn;
  }
}
