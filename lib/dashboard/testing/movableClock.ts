import { realClock, type Clock } from "../../upstream/clock";

/** Real timers, but `now` moved forward on demand: expiry and throttle windows pass without sleeping. */
export class MovableClock implements Clock {
  private offset = 0;
  readonly now = (): number => Date.now() + this.offset;
  setTimer(run: () => void, ms: number): () => void {
    return realClock.setTimer(run, ms);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
