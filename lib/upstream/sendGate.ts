/** What a gate is asked: may one request of the key leave at `now`, the key's limit being `limit` per `spanMs` (./keyWindow.ts)? */
export interface GateAsk {
  now: number;
  limit: number;
  spanMs: number;
}

/** A turn taken (the request leaves now), or the instant to ask again. */
export type GateAnswer = { granted: true } | { granted: false; retryAt: number };

/**
 * A second say, beside the key's own window, on when a request of one key may leave: the window
 * that dashboard replicas share on Redis (./shared/sharedGate.ts). A gate never fails: when it
 * cannot reach what it shares, it answers on its own.
 */
export interface SendGate {
  pass(ask: GateAsk): Promise<GateAnswer>;
}
