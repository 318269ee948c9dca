import { vi } from "vitest";
import type { TestClock } from "./clock";

/**
 * The platform's rate limiter reads the process's time and forgets windows on timers
 * (../http/rateLimit.ts), not the app's injected clock: this fakes both (vitest's fake timers)
 * from `clock`'s instant, and the returned function moves the clock and them together. Call it
 * once the platform has opened; `vi.useRealTimers()` undoes it.
 */
export function limiterTimeFollows(clock: TestClock): (ms: number) => void {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(clock.now());
  return (ms) => {
    clock.advance(ms);
    vi.advanceTimersByTime(ms);
  };
}
