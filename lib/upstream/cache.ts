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

/**
 * Replies keyed by platform + key + endpoint + canonical query. Identical requests in flight
 * share one upstream call whatever its outcome; 200s and 403s (a plan gate, as stable as data)
 * are kept for `ttlMs`, so a repeat view of a Pro workspace's page costs no request for its events table.
 * In-memory and per process, like the rate budget (DESIGN.md, scale path).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<UpstreamReply>>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: CacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  async get(key: string, ttlMs: number, load: () => Promise<UpstreamReply>): Promise<{ reply: UpstreamReply; outcome: CacheOutcome }> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return { reply: cached.reply, outcome: "hit" };
    if (cached) this.delete(key);

    const inFlight = this.pending.get(key);
    if (inFlight) return { reply: await inFlight, outcome: "shared" };

    const loading = load();
    this.pending.set(key, loading);
    try {
      const reply = await loading;
      if (KEPT_STATUSES.has(reply.status) && ttlMs > 0) this.store(key, reply, ttlMs);
      return { reply, outcome: "miss" };
    } finally {
      this.pending.delete(key);
    }
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
