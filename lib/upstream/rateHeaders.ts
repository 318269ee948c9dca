export interface RateHeaders {
  limit?: number;
  remaining?: number;
  /** Local-clock instant at which the server's window resets. */
  resetAt?: number;
}

const MAX_RESET_WAIT_MS = 60_000;

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
  if (reset >= 1e9 && Number.isFinite(serverNow) && Math.abs(serverNow - now) > 2_000) resetMs = now + (resetMs - serverNow);
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
