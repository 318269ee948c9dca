/** What a gate is asked: may one request of the key leave at `now`, the key's limit being `limit` per `spanMs` (./keyWindow.ts)? */
export interface GateAsk {
  now: number;
  limit: number;
  spanMs: number;
}

/**
 * A turn taken (the request leaves now), or the instant to ask again. `settled` is told when the
 * request's reply arrived or it failed: the latest instant it can have reached the platform (it
 * may leave well after the gate was asked, and wait in a busy event loop or on the platform before
 * it is counted there). A gate that records turns counts one in flight as leaving at any moment,
 * and a settled one from that instant.
 */
export type GateAnswer = { granted: true; settled?: (at: number) => void } | { granted: false; retryAt: number };

/**
 * A second say, beside the key's own window, on when a request of one key may leave: the window
 * that dashboard replicas share on Redis (./shared/sharedGate.ts). A gate never fails: when it
 * cannot reach what it shares, it answers on its own.
 */
export interface SendGate {
  pass(ask: GateAsk): Promise<GateAnswer>;
}
