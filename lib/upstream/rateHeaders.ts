import { retryAfterMs } from "../http/retryAfter";

interface RateHeaders {
  limit?: number;
  remaining?: number;
  /** Local-clock instant at which the server's window resets. */
  resetAt?: number;
}

/** The longest window the spec describes (per hour), and the reset's rounding to whole seconds. */
const MAX_RESET_WAIT_MS = 3_601_000;

function count(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * `X-RateLimit-Reset` is epoch seconds on the server's clock. When the server's `Date` differs
 * from ours by more than a couple of seconds we measure from its `Date` instead, so clock skew
 * cannot stall the queue; the wait is capped either way.
 */
function resetAt(headers: Headers, now: number): number | undefined {
  const reset = count(headers.get("x-ratelimit-reset"));
  if (reset === undefined) return undefined;
  let resetMs = reset > 1e12 ? reset : reset * 1000;
  if (reset < 1e9) resetMs = now + reset * 1000;
  const serverNow = Date.parse(headers.get("date") ?? "");
  if (reset >= 1e9 && Number.isFinite(serverNow) && Math.abs(serverNow - now) > 2_000)
    resetMs = now + (resetMs - serverNow);
  return Math.min(Math.max(resetMs, now), now + MAX_RESET_WAIT_MS);
}

export function readRateHeaders(headers: Headers, now: number): RateHeaders {
  const limit = count(headers.get("x-ratelimit-limit"));
  return {
    limit: limit !== undefined && limit > 0 ? limit : undefined,
    remaining: count(headers.get("x-ratelimit-remaining")),
    resetAt: resetAt(headers, now),
  };
}

const RETRY_AFTER_FALLBACK_MS = 1_000;
/** A longer Retry-After is likelier a skewed clock or a bad header than the platform's intent. */
const MAX_PAUSE_MS = 3_600_000;

/** How long a 429 asks the key to pause: its `Retry-After` (lib/http parses it), 1 s when it names none we can read. */
export function retryPauseMs(retryAfter: string | null | undefined, now: number): number {
  return Math.min(retryAfterMs(retryAfter, now) ?? RETRY_AFTER_FALLBACK_MS, MAX_PAUSE_MS);
}
