import "server-only";

export interface AllowanceRules {
  /** Requests a link may make at once (a dashboard view sends about 20). */
  burst: number;
  /** Requests a second it regains, up to `burst`. */
  perSecond: number;
}

/** Enough for one person looking at a view and paging through it; a crowd on a public link waits. */
export const SHARE_ALLOWANCE: AllowanceRules = { burst: 40, perSecond: 1 };

/**
 * Each share link's own small rate budget (a token bucket per link), in front of the workspace
 * key's: a link handed out publicly cannot spend the team's requests. Its requests also queue at
 * a lower priority in the key's budget than the team's.
 *
 * Kept by hand rather than on rate-limiter-flexible (the other plain limiters' library): it has
 * no token bucket, only windows of a fixed length (alone, or two in `BurstyRateLimiter`). With
 * windows, a link that spent its burst on two views waits for the burst window to end (or gets
 * one request a second): a person paging through a shared view would meet 429s that the bucket's
 * steady refill spares them. The bucket reads the dashboard's injected clock, as its tests do.
 */
export class ShareAllowance {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly now: () => number,
    private readonly rules: AllowanceRules = SHARE_ALLOWANCE,
  ) {}

  /** Takes one request from the link's budget: null when allowed, else the milliseconds until one is. */
  take(linkId: string): number | null {
    const now = this.now();
    const bucket = this.buckets.get(linkId) ?? { tokens: this.rules.burst, at: now };
    const tokens = Math.min(this.rules.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rules.perSecond);
    if (tokens < 1) {
      this.buckets.set(linkId, { tokens, at: now });
      return Math.ceil(((1 - tokens) / this.rules.perSecond) * 1000);
    }
    this.buckets.set(linkId, { tokens: tokens - 1, at: now });
    if (this.buckets.size > 10_000) this.forgetFull(now);
    return null;
  }

  private forgetFull(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.rules.perSecond >= this.rules.burst)
        this.buckets.delete(id);
    }
  }
}
