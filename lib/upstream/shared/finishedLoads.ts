/** Wakes the waiters of a load when a replica says it finished, or all of them when Redis goes away. */
export class FinishedLoads {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves at the next word of `loadId` (or of an outage); `cancel` stops listening. */
  next(loadId: string): { woken: Promise<void>; cancel(): void } {
    let wake = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const set = this.waiting.get(loadId) ?? new Set();
    set.add(wake);
    this.waiting.set(loadId, set);
    const cancel = () => {
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(loadId) === set) this.waiting.delete(loadId);
    };
    return { woken, cancel };
  }

  finished(loadId: string): void {
    const set = this.waiting.get(loadId);
    this.waiting.delete(loadId);
    for (const wake of set ?? []) wake();
  }

  outage(): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const set of all) for (const wake of set) wake();
  }
}
