import type { Context } from "hono";
import { parseEventsQuery } from "../../contract/query";
import { resolveRange } from "../../contract/dateRange";
import { listEvents } from "../query/eventsQuery";
import { requireIdentity, requirePlan } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";

/**
 * GET /events. Credentials are checked before the query string so that callers without
 * access learn nothing about validation; then parse → range → one query → respond.
 */
export function eventsRoute(now: () => Date) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const identity = requireIdentity(c.get("auth"));
    requirePlan(identity, "business", "GET /events");
    const query = parseEventsQuery(new URL(c.req.url).searchParams);
    const range = resolveRange(query, now(), identity.workspaceCreatedAt);
    return respond(c, await listEvents(c.get("store"), query, { workspaceId: identity.workspaceId, range }));
  };
}
