import { analyticsReplySchemas, type AnalyticsReply } from "../contract/analytics";
import type { GroupBy } from "../contract/dimensions";
import { fetchJson, PRIORITY } from "./fetchJson";
import type { ApiScope } from "../scope/apiScope";
import { RequestError } from "./requestError";

/**
 * Where a chart request goes in the proxy's rate-budget queue, on the events table's scale:
 * what is on screen (high) before its comparison (low), both before prefetches.
 */
export type Priority = "high" | "low";
/** The priority a level stands for in the proxy's queue (its `X-Linklens-Priority`). */
export const PRIORITY_LEVEL: Record<Priority, number> = { high: PRIORITY.visible, low: PRIORITY.companion };

/** Reads a reply with the contract's schema; a body of another shape is an error, not a crash. */
export function readAnalyticsReply<G extends GroupBy>(groupBy: G, body: unknown): AnalyticsReply<G> {
  const result = analyticsReplySchemas[groupBy].safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    throw new RequestError(
      200,
      "invalid_response",
      `The platform's ${groupBy} analytics reply has an unexpected shape${where}: ${issue?.message ?? "unknown"}.`,
    );
  }
  return result.data as AnalyticsReply<G>;
}

/** GET /api/analytics with the X-Linklens-Priority header, validated by groupBy. */
export async function fetchAnalytics<G extends GroupBy>(
  scope: ApiScope,
  groupBy: G,
  params: string,
  priority: Priority,
  signal?: AbortSignal,
): Promise<AnalyticsReply<G>> {
  return readAnalyticsReply(
    groupBy,
    await fetchJson(scope, `/api/analytics?${params}`, signal, PRIORITY_LEVEL[priority]),
  );
}
