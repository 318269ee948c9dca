import type { UpstreamReply } from "./client";
import type { Urgency } from "./urgency";

/** Where a relayed reply came from: kept from before, shared with an identical request in flight, or fetched for this one. */
export type CacheOutcome = "hit" | "shared" | "miss";

/** Platform statuses kept for the TTL: a 200, and a 403 (a plan gate, as stable as data). */
export const KEPT_STATUSES: ReadonlySet<number> = new Set([200, 403]);

/**
 * What the proxy needs of a response cache: in process (./cache.ts) or shared by replicas on
 * Redis (./shared/sharedCache.ts).
 */
export interface ReplyCache {
  /**
   * A reply kept under `key`, or the one an identical request in flight is loading, or a new
   * `load`; kept for `ttlMs` when its status is one of `KEPT_STATUSES`. A caller whose `signal`
   * aborts stops waiting; the load is cancelled once no caller is left. `urgency` is the one
   * `load` queues its request with: a caller that joins a load in flight raises the load's to its own.
   * `notKept` is told as soon as the reply is known not to be one kept here (it is loaded, or joins
   * a load in flight), before it is in: a page's render stops waiting for what the platform must answer.
   */
  get(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    signal?: AbortSignal,
    urgency?: Urgency,
    notKept?: () => void,
  ): Promise<{ reply: UpstreamReply; outcome: CacheOutcome }>;
}
