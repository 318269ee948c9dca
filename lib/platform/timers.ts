/**
 * Timers the platform schedules (query deadlines, the pool's longest wait), injected like its
 * clock so tests move time instead of waiting for it (testing/clock.ts implements both).
 */
export interface Timers {
  /** Runs `run` once after `ms`; the returned function cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const realTimers: Timers = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};
