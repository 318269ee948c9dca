import type { Timers } from "../timers";

interface Scheduled {
  at: number;
  run: () => void;
}

/**
 * A clock that moves only when a test says so: time-window tests advance it instead of sleeping.
 * Its timers (deadlines, the pool's longest wait) fire as it passes them, in time order.
 */
export class TestClock implements Timers {
  private ms: number;
  private scheduled: Scheduled[] = [];

  constructor(start: Date) {
    this.ms = start.getTime();
  }

  /** For `createApp({ now })`. */
  readonly now = (): Date => new Date(this.ms);

  readonly after = (ms: number, run: () => void): (() => void) => {
    const entry: Scheduled = { at: this.ms + ms, run };
    this.scheduled.push(entry);
    return () => {
      this.scheduled = this.scheduled.filter((other) => other !== entry);
    };
  };

  advance(ms: number): void {
    const until = this.ms + ms;
    for (;;) {
      const due = this.scheduled.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.scheduled = this.scheduled.filter((entry) => entry !== due);
      this.ms = Math.max(this.ms, due.at);
      due.run();
    }
    this.ms = until;
  }
}
