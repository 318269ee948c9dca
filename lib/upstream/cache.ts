import type { UpstreamReply } from "./client";

export type CacheOutcome = "hit" | "shared" | "miss";

interface Entry {
  reply: UpstreamReply;
  expiresAt: number;
  size: number;
}

const KEPT_STATUSES: ReadonlySet<number> = new Set([200, 403]);

export interface CacheOptions {
  maxBytes?: number;
  now?: () => number;
}

interface Pending {
  reply: Promise<UpstreamReply>;
  /** Callers waiting on `reply`; when the last one leaves, `abort` cancels the load. */
  waiters: number;
  abort: AbortController;
}

/**
 * Replies keyed by platform + key + endpoint + canonical query. Identical requests in flight
 * share one upstream call whatever its outcome; 200s and 403s (a plan gate, as stable as data)
 * are kept for `ttlMs`, so a repeat view of a Pro workspace's page costs no request for its events table.
 * A caller whose `signal` aborts stops waiting; the shared load is cancelled only when no caller is left.
 * In-memory and per process, like the rate budget (../shared/DESIGN.md, scale path).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Pending>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: CacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  async get(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    signal?: AbortSignal,
  ): Promise<{ reply: UpstreamReply; outcome: CacheOutcome }> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return { reply: cached.reply, outcome: "hit" };
    if (cached) this.delete(key);
    signal?.throwIfAborted();

    const inFlight = this.pending.get(key);
    const pending = inFlight ?? this.load(key, ttlMs, load);
    return { reply: await this.wait(key, pending, signal), outcome: inFlight ? "shared" : "miss" };
  }

  private load(key: string, ttlMs: number, load: (signal: AbortSignal) => Promise<UpstreamReply>): Pending {
    const abort = new AbortController();
    const pending: Pending = { reply: load(abort.signal), waiters: 0, abort };
    this.pending.set(key, pending);
    pending.reply.then(
      (reply) => {
        if (KEPT_STATUSES.has(reply.status) && ttlMs > 0) this.store(key, reply, ttlMs);
        this.forget(key, pending);
      },
      // Each waiter gets the failure from `wait`; a load every waiter left has no one to tell.
      () => this.forget(key, pending),
    );
    return pending;
  }

  private wait(key: string, pending: Pending, signal: AbortSignal | undefined): Promise<UpstreamReply> {
    pending.waiters += 1;
    if (!signal) return pending.reply;
    return new Promise<UpstreamReply>((resolve, reject) => {
      const leave = () => {
        reject(signal.reason);
        pending.waiters -= 1;
        if (pending.waiters > 0) return;
        // Forgotten first, so an identical request arriving now starts afresh instead of joining a cancelled load.
        this.forget(key, pending);
        pending.abort.abort(signal.reason);
      };
      signal.addEventListener("abort", leave, { once: true });
      pending.reply.then(resolve, reject).finally(() => signal.removeEventListener("abort", leave));
    });
  }

  private forget(key: string, pending: Pending): void {
    if (this.pending.get(key) === pending) this.pending.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(key: string, reply: UpstreamReply, ttlMs: number): void {
    const size = reply.body.length * 2;
    if (size > this.maxBytes) return;
    this.delete(key);
    const now = this.now();
    for (const [other, entry] of this.entries) {
      if (entry.expiresAt <= now || this.bytes + size > this.maxBytes) this.delete(other);
    }
    this.entries.set(key, { reply, expiresAt: now + ttlMs, size });
    this.bytes += size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

export const sharedCache = new ResponseCache();
