/**
 * Time as the proxy sees it: the rate budget's pacing, the cache's lifetimes, the upstream timeout.
 * The server passes `realClock`; tests pass a FakeClock (./testing/fakeClock.ts) and move it themselves.
 */
export interface Clock {
  now(): number;
  /** Runs `run` once `ms` have passed; returns a function that cancels it. */
  setTimer(run: () => void, ms: number): () => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(run, ms) {
    const timer = setTimeout(run, ms);
    // A pending pause or timeout must not keep the process alive on its own.
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};
