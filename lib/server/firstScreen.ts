import "server-only";
import { headers } from "next/headers";
import type { Scope } from "../guard/accessFor";
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

const ROUTES = { analytics: analyticsRoute, events: eventsRoute, annotations: listAnnotationsRoute } as const;

/**
 * The page's first screen, asked for while it renders: each request goes through the very route
 * function the browser's `/api/…/analytics` (or `…/events`) requests reach (access check, share-link lock, role
 * disclosure, the proxy's cache and rate budget), with the page request's own cookies. The
 * workspace key stays on the server; the browser gets the replies with the HTML.
 */
export async function analyticsLoader(scope: Scope): Promise<AnalyticsLoader> {
  const app = await dashboardApp();
  const pageHeaders = new Headers(await headers());
  return async (endpoint, params, priority) => {
    const head = new Headers(pageHeaders);
    head.set("X-Linklens-Priority", String(priority));
    head.set("Accept", "application/json");
    const response = await ROUTES[endpoint](
      app,
      new Request(`${INTERNAL_ORIGIN}/api/${endpoint}?${params}`, { headers: head }),
      scope,
    );
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return response.json();
  };
}
