import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_SCREEN_SHELL_WAIT_MS, shellWait } from "./shellWait";

describe("the page's shell waits for a cached first screen, and a moment at most for the platform (shellWait)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** What `promise` has settled to by the time the queued microtasks have run ("pending" if not yet). */
  async function settledNow<T>(promise: Promise<T>): Promise<T | "pending"> {
    let settled: T | "pending" = "pending";
    void promise.then((value) => (settled = value));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    return settled;
  }

  const never = () => new Promise<never>(() => {});

  it("goes as soon as the first screen is in hand, with it, so a cached one is in the HTML itself", async () => {
    vi.useFakeTimers();
    let answer: (data: null) => void = () => {};
    const shell = shellWait(new Promise((resolve) => (answer = resolve)), never());
    expect(await settledNow(shell)).toBe("pending");
    answer(null);
    // No time has passed on the clock: the shell went with the answer, not with the timer.
    expect(await settledNow(shell)).toBe(true);
  });

  it("waits for replies that are all cache hits however long they take (a loaded machine): no timer ends it", async () => {
    vi.useFakeTimers();
    let answer: (data: null) => void = () => {};
    const shell = shellWait(new Promise((resolve) => (answer = resolve)), never());
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS * 40);
    expect(await settledNow(shell)).toBe("pending");
    answer(null);
    expect(await settledNow(shell)).toBe(true);
  });

  it("once a reply needs the platform, goes without the first screen when the wait is over (it then streams after the shell)", async () => {
    vi.useFakeTimers();
    let needsPlatform: () => void = () => {};
    const shell = shellWait(never(), new Promise<void>((resolve) => (needsPlatform = resolve)));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS / 2);
    needsPlatform();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS / 2 - 1);
    expect(await settledNow(shell)).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(shell)).toBe(false);
  });

  it("goes at once when a reply is known to need the platform only after the wait, and a failure holds nothing", async () => {
    vi.useFakeTimers();
    let needsPlatform: () => void = () => {};
    const shell = shellWait(never(), new Promise<void>((resolve) => (needsPlatform = resolve)));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SHELL_WAIT_MS * 2);
    expect(await settledNow(shell)).toBe("pending");
    needsPlatform();
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(shell)).toBe(false);
    expect(await settledNow(shellWait(Promise.reject(new Error("refused")), never()))).toBe(true);
  });
});
