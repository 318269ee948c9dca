import "server-only";
import type { Action } from "../access/roles";
import type { App } from "../dashboard/dashboardApp";
import { accessFor, type Granted, type Scope } from "../guard/accessFor";
import { failure } from "../upstream/relay";

/**
 * `run`, its throws answered: a refusal (ApiError: from a guard, `readBody`, a handler) in the
 * spec's error shape with its status; anything else as the spec's 500, never a stack trace.
 */
export async function answered(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return failure(error);
  }
}

/** A scope, or a workspace's slug (the /api/w/<slug>/… routes). */
export type ScopeOrSlug = Scope | string;

const scopeOf = (scope: ScopeOrSlug): Scope => (typeof scope === "string" ? { kind: "workspace", slug: scope } : scope);

/** A guarded route handler: called with a scope it checks the request's access itself; `withAccess` takes a decision already made for this request. */
export interface GuardedRoute<Rest extends unknown[]> {
  (app: App, request: Request, scope: ScopeOrSlug, ...rest: Rest): Promise<Response>;
  readonly action: Action;
  /**
   * The handler with `granted`, the decision `accessFor` made for `action` on a request with the
   * same headers and scope (a page's render asking several routes at once: ../server/firstScreen.ts).
   * A refusal it holds is answered as the route's would be.
   */
  withAccess(granted: Promise<Granted>, app: App, request: Request, ...rest: Rest): Promise<Response>;
}

/**
 * The one way to guard a route handler: the handler made here first checks that the request may do
 * `action` in the scope it is called with (a workspace's slug, a share link, the default
 * workspace), then calls `run` with what was granted; the refusals (401, 403, 404) and whatever
 * `run` throws are answered in the spec's error shape.
 *
 *   export const listViewsRoute = guarded("read", async (granted, app, request) => json(…));
 *   // called as listViewsRoute(app, request, slug) — and with any further arguments `run` takes.
 */
export function guarded<Rest extends unknown[]>(
  action: Action,
  run: (granted: Granted, app: App, request: Request, ...rest: Rest) => Promise<Response>,
): GuardedRoute<Rest> {
  const withAccess = (granted: Promise<Granted>, app: App, request: Request, ...rest: Rest): Promise<Response> =>
    answered(async () => run(await granted, app, request, ...rest));
  const route = (app: App, request: Request, scope: ScopeOrSlug, ...rest: Rest): Promise<Response> =>
    withAccess(accessFor(app, request, scopeOf(scope), action), app, request, ...rest);
  return Object.assign(route, { action, withAccess });
}
