type RaiseListener = (priority: number, maxWaitMs: number) => void;

/**
 * How urgent one queued platform request is, for those waiting on it: identical requests that
 * join it (the cache shares one load, ./cache.ts) lend it their priority and wait, so a page that
 * asks for what a prefetch already queued waits as long, and goes as soon, as its own request would.
 */
export class Urgency {
  private listener: RaiseListener | undefined;

  constructor(
    private priorityValue: number,
    private maxWaitValue: number,
  ) {}

  get priority(): number {
    return this.priorityValue;
  }

  get maxWaitMs(): number {
    return this.maxWaitValue;
  }

  /** A request of `priority` that may wait `maxWaitMs` joined: the queued one takes the higher of each. */
  raise(priority: number, maxWaitMs: number): void {
    if (priority <= this.priorityValue && maxWaitMs <= this.maxWaitValue) return;
    this.priorityValue = Math.max(this.priorityValue, priority);
    this.maxWaitValue = Math.max(this.maxWaitValue, maxWaitMs);
    this.listener?.(priority, maxWaitMs);
  }

  /** The rate budget's queue listens (one listener: the request is queued once). */
  onRaise(listener: RaiseListener): void {
    this.listener = listener;
  }
}
