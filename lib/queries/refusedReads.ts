import { hashKey, type DehydratedState } from "@tanstack/react-query";
import type { RefusedRead } from "./firstScreenReplies";
import { RequestError } from "./requestError";

/**
 * The first screen's reads the plan refused (./firstScreenReplies.ts), as React Query holds a refused
 * request: each key in error with the refusal the browser's own request would have got (a 403, no
 * share-link lock), so the page says the plan's notice from its first render, the server's
 * included, and its hooks (which do not retry an error on mount: ./useCustomers.ts) ask nothing.
 */
export function refusedState(refused: readonly RefusedRead[]): DehydratedState {
  return {
    mutations: [],
    queries: refused.map(({ queryKey, status, code, message, at }) => ({
      queryKey: [...queryKey],
      queryHash: hashKey(queryKey),
      queryType: "infinite" as const,
      dehydratedAt: at,
      state: {
        data: undefined,
        dataUpdateCount: 0,
        dataUpdatedAt: 0,
        error: new RequestError(status, code, message),
        errorUpdateCount: 1,
        errorUpdatedAt: at,
        fetchFailureCount: 1,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: "error" as const,
        fetchStatus: "idle" as const,
      },
    })),
  };
}
