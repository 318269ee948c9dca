import type { UpstreamReply } from "./client";
import type { LimitClass } from "./limitClass";
import type { Urgency } from "./urgency";

export interface ScheduleOptions {
  /** Higher runs first; equal priorities run in arrival order. Callers clamp it (./priority.ts). */
  priority?: number;
  signal?: AbortSignal;
  /** The longest this request may wait for its turn (default `MAX_WAIT_MS`); past it, a 429 with Retry-After. */
  maxWaitMs?: number;
  /** The platform path asked: a 403 for it answers the requests queued for the same path (./keyRefusals.ts). */
  path?: string;
  /** Raised by identical requests that join this one while it waits: its priority and wait then grow to theirs. */
  urgency?: Urgency;
}

/** One API key's rate budget as the proxy uses it: a platform request goes when the key's limit allows. */
export interface KeyBudget {
  schedule(send: () => Promise<UpstreamReply>, options?: ScheduleOptions): Promise<UpstreamReply>;
}

/**
 * What the proxy needs of rate budgets: one per platform and key (the platform counts per key),
 * in process (./rateBudget.ts) or with a window shared by replicas on Redis (./shared/sharedGate.ts).
 */
export interface KeyBudgets {
  /** `limits`: which of the key's limits the requests count against (./limitClass.ts); each has its own budget. */
  forKey(baseUrl: string, apiKey: string, limits?: LimitClass): KeyBudget;
}
