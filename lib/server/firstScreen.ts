import "server-only";
import { headers } from "next/headers";
import type { Action } from "../access/roles";
import type { PlanRefusal } from "../contract/dashboardReplies";
import { errorBodySchema } from "../contract/errors";
import { REFUSED_BY_HEADER } from "../http/refusedBy";
import { accessFor, type Granted, type Scope } from "../guard/accessFor";
import { listAnnotationsRoute } from "../handlers/annotations";
import { analyticsRoute, eventsRoute } from "../handlers/data";
import { dashboardApp } from "./dashboardRoot";
import { knownToPage } from "./pageAccess";

/** Where the page's own requests are made from: never sent anywhere, the route reads only its path and query. */
const INTERNAL_ORIGIN = "http://linklens.internal";

/**
 * Reads one analytics, events or annotations reply for a page being rendered: its JSON body, the
 * plan's refusal (a 403 that is not a share link's lock: the page says it as the browser would), or
 * null when it failed or was refused otherwise (the browser then asks, and says why).
 */
export type AnalyticsLoader = (
  endpoint: "analytics" | "events" | "annotations",
  params: string,
  priority: number,
) => Promise<unknown>;

/** The page's loader, and what it learns of its replies as they are asked for. */
export interface PageLoader {
  load: AnalyticsLoader;
  /**
   * Settles as soon as one reply is known to need the platform (not kept in the dashboard's reply
   * cache, lib/upstream/replyCache.ts): until then every reply asked for is a cache hit, and the
   * page's shell may wait for them whatever the machine's load. Never said to the browser.
   */
  uncached: Promise<void>;
}

/**
 * The page's first screen, asked for while it renders: each request goes through the very route
 * function the browser's `/api/…/analytics` (or `…/events`) requests reach (share-link lock, role
 * disclosure, the proxy's cache and rate budget), with the page request's own cookies. The access
 * check runs once per loader, so once per render (the page's requests share its headers and scope),
 * on the session, workspace and role the page itself looked up for this render (knownToPage), never
 * across requests: a session revoked is refused on the next page. The workspace key stays on the
 * server; the browser gets the replies with the HTML.
 */
export async function analyticsLoader(scope: Scope): Promise<PageLoader> {
  const app = await dashboardApp();
  const pageHeaders = new Headers(await headers());
  const decisions = new Map<Action, Promise<Granted>>();
  let toldUncached: () => void = () => undefined;
  const uncached = new Promise<void>((resolve) => (toldUncached = resolve));
  const load: AnalyticsLoader = async (endpoint, params, priority) => {
    const head = new Headers(pageHeaders);
    head.set("X-Linklens-Priority", String(priority));
    head.set("Accept", "application/json");
    const request = new Request(`${INTERNAL_ORIGIN}/api/${endpoint}?${params}`, { headers: head });
    const decided = (action: Action): Promise<Granted> => {
      const decision =
        decisions.get(action) ??
        accessFor(app, request, scope, action, scope.kind === "share" ? undefined : knownToPage());
      decisions.set(action, decision);
      return decision;
    };
    const response =
      endpoint === "annotations"
        ? await listAnnotationsRoute.withAccess(decided(listAnnotationsRoute.action), app, request)
        : await ROUTES[endpoint].withAccess(decided(ROUTES[endpoint].action), app, request, toldUncached);
    if (response.ok) return response.json();
    return planRefusalOf(response);
  };
  return { load, uncached };
}

const ROUTES = { analytics: analyticsRoute, events: eventsRoute } as const;

/** A refused reply as the page says it when the plan refused it; null for anything else (the browser asks). */
async function planRefusalOf(response: Response): Promise<PlanRefusal | null> {
  if (response.status !== 403 || response.headers.has(REFUSED_BY_HEADER)) {
    await response.body?.cancel();
    return null;
  }
  const body = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (!body.success) return null;
  const { code, message } = body.data.error;
  return { refused: { status: response.status, code, message } };
}
