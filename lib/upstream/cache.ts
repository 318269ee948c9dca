import type { UpstreamReply } from "./client";
import { Coalescer } from "./coalescer";
import { KEPT_STATUSES, type CacheOutcome, type ReplyCache } from "./replyCache";
import { ReplyStore } from "./replyStore";
import type { Urgency } from "./urgency";

export interface CacheOptions {
  /** The proxy's clock (./clock.ts): entries expire on it. */
  now: () => number;
  maxBytes?: number;
}

/**
 * Replies keyed by platform + key + endpoint + canonical query. Identical requests in flight
 * share one upstream call whatever its outcome; 200s and 403s (a plan gate, as stable as data)
 * are kept for `ttlMs`, so a repeat view of a Pro workspace's page costs no request for its events table.
 * A caller whose `signal` aborts stops waiting; the shared load is cancelled only when no caller is left.
 * In-memory and per process; replicas share theirs on Redis instead (./shared/sharedCache.ts).
 */
export class ResponseCache implements ReplyCache {
  private readonly replies: ReplyStore;
  private readonly inFlight = new Coalescer<UpstreamReply>();
  private readonly now: () => number;

  constructor(options: CacheOptions) {
    this.replies = new ReplyStore(options.maxBytes ?? 64 * 1024 * 1024);
    this.now = options.now;
  }

  async get(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<UpstreamReply>,
    signal?: AbortSignal,
    urgency?: Urgency,
    notKept?: () => void,
  ): Promise<{ reply: UpstreamReply; outcome: CacheOutcome }> {
    const cached = this.replies.find(key, this.now());
    if (cached) return { reply: cached, outcome: "hit" };
    signal?.throwIfAborted();
    notKept?.();
    const { value, joined } = this.inFlight.run(
      key,
      async (abort) => {
        const reply = await load(abort);
        if (KEPT_STATUSES.has(reply.status) && ttlMs > 0) {
          const now = this.now();
          this.replies.put(key, reply, now + ttlMs, now);
        }
        return reply;
      },
      signal,
      urgency,
    );
    return { reply: await value, outcome: joined ? "shared" : "miss" };
  }
}
