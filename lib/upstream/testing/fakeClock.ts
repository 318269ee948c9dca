import type { BudgetClock } from "../rateBudget";

interface Timer {
  at: number;
  run: () => void;
  cancelled: boolean;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A manual clock for the rate budget: time moves only through `advance`. */
export class FakeClock implements BudgetClock {
  private t = 0;
  private timers: Timer[] = [];

  now(): number {
    return this.t;
  }

  setTimer(run: () => void, ms: number): () => void {
    const timer: Timer = { at: this.t + Math.max(0, ms), run, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
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
