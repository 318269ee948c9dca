import "server-only";
import { headers } from "next/headers";
import type { Action } from "../access/roles";
import { accessFor, type Granted, type Scope } from "../guard/accessFor";
import { listAnnotationsRoute } from "../handlers/annotations";
import { analyticsRoute, eventsRoute } from "../handlers/data";
import { dashboardApp } from "./dashboardRoot";

/** Where the page's own requests are made from: never sent anywhere, the route reads only its path and query. */
const INTERNAL_ORIGIN = "http://linklens.internal";

/** Reads one analytics, events or annotations reply for a page being rendered: its JSON body, or null when refused (the browser then asks, and says why). */
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
 * never across requests: a session revoked is refused on the next page. The workspace key stays on
 * the server; the browser gets the replies with the HTML.
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
      const decision = decisions.get(action) ?? accessFor(app, request, scope, action);
      decisions.set(action, decision);
      return decision;
    };
    const response =
      endpoint === "annotations"
        ? await listAnnotationsRoute.withAccess(decided(listAnnotationsRoute.action), app, request)
        : await ROUTES[endpoint].withAccess(decided(ROUTES[endpoint].action), app, request, toldUncached);
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return response.json();
  };
  return { load, uncached };
}

const ROUTES = { analytics: analyticsRoute, events: eventsRoute } as const;
