import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { ANALYTICS_PATHS, ANALYTICS_PER_SECOND, ANONYMOUS_PER_MINUTE, STANDARD_PER_MINUTE, type Plan } from "./plans";

/** One counter: `limit` requests a second or a minute, identified by `bucket`. */
export interface Budget {
  bucket: string;
  limit: number;
  per: "second" | "minute";
}

export interface Decision {
  allowed: boolean;
  per: Budget["per"];
  limit: number;
  remaining: number;
  /** When the current window ends, epoch ms. */
  resetAt: number;
  /** Whole seconds until the window ends, at least 1. */
  retryAfter: number;
}

export type Caller = { kind: "key"; id: string; plan: Plan } | { kind: "anonymous"; ip: string };

const SECOND = 1000;
/** A window's length in seconds, as the library counts it. */
const WINDOW_S: Record<Budget["per"], number> = { second: 1, minute: 60 };

/**
 * The budget a request draws from: analytics paths use the per-second analytics limit of the
 * plan (free has none, so its standard per-minute budget applies); other paths the standard
 * per-minute limit; callers without valid credentials a per-IP bucket. `scale` multiplies every
 * limit (tests only; 1 in production).
 */
export function budgetFor(caller: Caller, path: string, scale = 1): Budget {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  if (caller.kind === "anonymous")
    return { bucket: `ip:${caller.ip}`, limit: scaled(ANONYMOUS_PER_MINUTE), per: "minute" };
  const perSecond = ANALYTICS_PATHS.has(path) ? ANALYTICS_PER_SECOND[caller.plan] : null;
  if (perSecond !== null) return { bucket: `analytics:${caller.id}`, limit: scaled(perSecond), per: "second" };
  return { bucket: `standard:${caller.id}`, limit: scaled(STANDARD_PER_MINUTE[caller.plan]), per: "minute" };
}

/**
 * The spec's fixed windows, on rate-limiter-flexible in memory: a bucket's window opens at its
 * first request and lasts its second or minute; a refused request counts too, which changes
 * nothing (the window does not move, and `remaining` stays 0). The library keeps one timer per
 * open window to forget it when it ends. It reads the time itself (`Date.now()`), so tests that
 * hold or move the time fake `Date` and the timers (vitest's fake timers).
 * One process only: replicas would need a shared store.
 */
export class RateLimiter {
  /** One library limiter per limit and window length (a bucket always has the same). */
  private readonly limiters = new Map<string, RateLimiterMemory>();

  async hit(budget: Budget): Promise<Decision> {
    const now = Date.now();
    const counted = await this.limiterFor(budget)
      .consume(budget.bucket)
      .then(
        (res) => ({ allowed: true, res }),
        (refused: unknown) => {
          if (refused instanceof RateLimiterRes) return { allowed: false, res: refused };
          throw refused;
        },
      );
    const { allowed, res } = counted;
    return {
      allowed,
      per: budget.per,
      limit: budget.limit,
      remaining: res.remainingPoints,
      resetAt: now + res.msBeforeNext,
      retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / SECOND)),
    };
  }

  private limiterFor(budget: Budget): RateLimiterMemory {
    const name = `${budget.per}:${budget.limit}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: budget.limit, duration: WINDOW_S[budget.per] });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

export function rateLimitMessage(decision: Decision): string {
  return `Rate limit exceeded: at most ${decision.limit} requests per ${decision.per}; retry in ${decision.retryAfter} s.`;
}

export function rateLimitHeaders(decision: Decision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(Math.ceil(decision.resetAt / SECOND)),
  };
}
