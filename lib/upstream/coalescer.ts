import type { Urgency } from "./urgency";

interface Pending<T> {
  value: Promise<T>;
  /** How urgent the load's queued request is: a caller that joins lends it its own (./urgency.ts). */
  urgency?: Urgency;
  /** Callers waiting on `value`; when the last one leaves, `abort` cancels the load. */
  waiters: number;
  abort: AbortController;
}

/**
 * Identical loads in flight, shared: a second caller for the same key joins the first one's load
 * whatever its outcome, and lends it its urgency. A caller whose signal aborts stops waiting; the load's own signal aborts
 * once every caller has left, and the key is forgotten first, so a new caller starts afresh.
 */
export class Coalescer<T> {
  private readonly pending = new Map<string, Pending<T>>();

  run(
    key: string,
    load: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    urgency?: Urgency,
  ): { value: Promise<T>; joined: boolean } {
    const inFlight = this.pending.get(key);
    if (inFlight && urgency) inFlight.urgency?.raise(urgency.priority, urgency.maxWaitMs);
    const pending = inFlight ?? this.start(key, load, urgency);
    return { value: this.wait(key, pending, signal), joined: inFlight !== undefined };
  }

  private start(key: string, load: (signal: AbortSignal) => Promise<T>, urgency: Urgency | undefined): Pending<T> {
    const abort = new AbortController();
    const pending: Pending<T> = { value: load(abort.signal), urgency, waiters: 0, abort };
    this.pending.set(key, pending);
    // Each waiter gets a failure from `wait`; a load every waiter left has no one to tell.
    pending.value.then(
      () => this.forget(key, pending),
      () => this.forget(key, pending),
    );
    return pending;
  }

  private wait(key: string, pending: Pending<T>, signal: AbortSignal | undefined): Promise<T> {
    pending.waiters += 1;
    if (!signal) return pending.value;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        reject(signal.reason);
        pending.waiters -= 1;
        if (pending.waiters > 0) return;
        this.forget(key, pending);
        pending.abort.abort(signal.reason);
      };
      signal.addEventListener("abort", leave, { once: true });
      pending.value.then(resolve, reject).finally(() => signal.removeEventListener("abort", leave));
    });
  }

  private forget(key: string, pending: Pending<T>): void {
    if (this.pending.get(key) === pending) this.pending.delete(key);
  }
}
