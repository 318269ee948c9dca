import { ANALYTICS_PATHS, ANALYTICS_PER_SECOND, ANONYMOUS_PER_MINUTE, STANDARD_PER_MINUTE, type Plan } from "./plans";

/** One counter: `limit` requests per `windowMs`, identified by `bucket`. */
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
const MINUTE = 60 * SECOND;

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

interface Window {
  start: number;
  end: number;
  count: number;
}

const SWEEP_EVERY_MS = MINUTE;

/**
 * Fixed windows in memory, each opened by the first request after the previous one ended.
 * One process only: replicas would need a shared store (see ../shared/DESIGN.md, scale path).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(budget: Budget): Decision {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(budget.bucket);
    if (!window || now >= window.end) {
      window = { start: now, end: now + (budget.per === "second" ? SECOND : MINUTE), count: 0 };
      this.windows.set(budget.bucket, window);
    }
    const allowed = window.count < budget.limit;
    if (allowed) window.count += 1;
    return {
      allowed,
      per: budget.per,
      limit: budget.limit,
      remaining: Math.max(0, budget.limit - window.count),
      resetAt: window.end,
      retryAfter: Math.max(1, Math.ceil((window.end - now) / SECOND)),
    };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [bucket, window] of this.windows) if (now >= window.end) this.windows.delete(bucket);
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
