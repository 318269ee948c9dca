import type { Clock } from "../clock";

interface Timer {
  at: number;
  run: () => void;
  cancelled: boolean;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A manual clock for the proxy (../clock.ts): time moves only through `advance`. */
export class FakeClock implements Clock {
  private timers: Timer[] = [];
  private watchers: { at: number; resolve: () => void }[] = [];

  /** `t`: the instant it starts at (epoch ms), 0 unless a test compares with instants a real process recorded. */
  constructor(private t = 0) {}

  now(): number {
    return this.t;
  }

  setTimer(run: () => void, ms: number): () => void {
    const timer: Timer = { at: this.t + Math.max(0, ms), run, cancelled: false };
    this.timers.push(timer);
    const due = this.watchers.filter((watcher) => watcher.at === timer.at);
    this.watchers = this.watchers.filter((watcher) => watcher.at !== timer.at);
    for (const watcher of due) watcher.resolve();
    return () => {
      timer.cancelled = true;
    };
  }

  /**
   * Resolves once a timer due at instant `at` is set (and not cancelled): the proxy has decided to
   * wait until then, say for a 429's Retry-After. Await it instead of guessing when that happened.
   */
  scheduled(at: number): Promise<void> {
    if (this.timers.some((timer) => !timer.cancelled && timer.at === at)) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ at, resolve }));
  }

  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    await settle();
    for (;;) {
      this.timers = this.timers.filter((timer) => !timer.cancelled);
      const due = this.timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers.splice(this.timers.indexOf(due), 1);
      this.t = Math.max(this.t, due.at);
      due.run();
      await settle();
    }
    this.t = target;
    await settle();
  }
}
