import { retryAfterMs } from "../http/retryAfter";

export const RETRY_AFTER_FALLBACK_MS = 1_000;
/** The longest wait the proxy holds a browser's request for; past it the 429 goes to the browser. */
export const RETRY_AFTER_CAP_MS = 30_000;
/** A longer Retry-After is likelier a skewed clock or a bad header than the platform's intent. */
export const MAX_PAUSE_MS = 3_600_000;

/** How long a 429 asks the key to pause: its `Retry-After`, 1 s when it names none we can read. */
export function parseRetryAfter(value: string | null | undefined, now: number): number {
  return Math.min(retryAfterMs(value, now) ?? RETRY_AFTER_FALLBACK_MS, MAX_PAUSE_MS);
}
