import type { Context } from "hono";
import { parseAnalyticsQuery } from "../../contract/analytics";
import { resolveRange } from "../../contract/dateRange";
import { queryAnalytics } from "../query/analyticsQuery";
import { requireIdentity, requirePlan } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";

/**
 * GET /analytics, shaped like GET /events: credentials and plan first (Pro and up; the spec's
 * analytics limits start at Pro), then parse → range → one query → respond.
 */
export function analyticsRoute(now: () => Date) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const identity = requireIdentity(c.get("auth"));
    requirePlan(identity, "pro", "GET /analytics");
    const query = parseAnalyticsQuery(new URL(c.req.url).searchParams);
    const range = resolveRange(query, now(), identity.workspaceCreatedAt);
    return respond(c, await queryAnalytics(c.get("store"), query, { workspaceId: identity.workspaceId, range }));
  };
}
