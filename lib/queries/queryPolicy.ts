import type { DefaultOptions } from "@tanstack/react-query";
import { isRequestError } from "./requestError";

const MAX_RATE_LIMIT_RETRIES = 4;
const DEFAULT_RETRY_AFTER_S = 2;
const MAX_RETRY_AFTER_S = 60;

/** Only a 429 is worth retrying on its own (after Retry-After): other failures need the user. */
export function retryRateLimited(failureCount: number, error: unknown): boolean {
  return isRequestError(error) && error.status === 429 && failureCount < MAX_RATE_LIMIT_RETRIES;
}

export function rateLimitDelayMs(_failureCount: number, error: unknown): number {
  const seconds = (isRequestError(error) ? error.retryAfter : null) ?? DEFAULT_RETRY_AFTER_S;
  return Math.min(Math.max(seconds, 1), MAX_RETRY_AFTER_S) * 1000;
}

/** Every query of the dashboard, set once in the QueryClient (app/providers.tsx). */
export const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: retryRateLimited,
    retryDelay: rateLimitDelayMs,
  },
};
