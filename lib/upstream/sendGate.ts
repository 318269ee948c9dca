/** What a gate is asked: may one request of the key leave at `now`, the key's limit being `limit` per `spanMs` (./keyWindow.ts)? */
export interface GateAsk {
  now: number;
  limit: number;
  spanMs: number;
}

/**
 * A turn taken (the request leaves now), or the instant to ask again. `sent` is told when the
 * request did leave, which may be well after the gate was asked (its answer's trip, a busy event
 * loop): a gate that records turns moves this one to that instant.
 */
export type GateAnswer = { granted: true; sent?: (at: number) => void } | { granted: false; retryAt: number };

/**
 * A second say, beside the key's own window, on when a request of one key may leave: the window
 * that dashboard replicas share on Redis (./shared/sharedGate.ts). A gate never fails: when it
 * cannot reach what it shares, it answers on its own.
 */
export interface SendGate {
  pass(ask: GateAsk): Promise<GateAnswer>;
}
