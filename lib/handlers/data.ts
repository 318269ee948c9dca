import "server-only";
import type { App } from "../dashboard/dashboardApp";
import { exportCsv } from "../export/stream";
import type { Granted, Scope } from "../guard/accessFor";
import { guarded } from "./guarded";
import { refuse } from "../guard/refusal";
import { NAMED_PARAMS, isNamedParam, type NamedParam } from "../contract/names";
import { receiveDelivery } from "../live/receiver";
import { listNames } from "../upstream/names";
import { listLinkNames } from "../upstream/linkNames";
import { LINK_NAME_PARAM, MAX_LINK_NAMES } from "../contract/linkNames";
import { disclosureFor } from "../guard/disclosure";
import { sentAsIs } from "../http/localReply";
import { lockedRequest, type LockedEndpoint } from "./lockedRequest";

/** The request as it may go on: through a share link, locked to its view; else as it came. */
function shaped(app: App, granted: Granted, request: Request, endpoint: LockedEndpoint): Request | Response {
  if (!granted.link) return request;
  return lockedRequest(granted.link, request, endpoint, app.allowance, new Date(app.clock.now()));
}

/**
 * GET …/events or …/analytics: the platform's reply, as the requester may see it (through a share
 * link, for its locked view). `notKept` (a page's render only) is told as soon as the reply is known
 * not to come from the dashboard's cache.
 */
function proxiedRoute(endpoint: "events" | "analytics") {
  return guarded("read", async (granted, app, request, notKept?: () => void): Promise<Response> => {
    const forwarded = shaped(app, granted, request, endpoint);
    if (forwarded instanceof Response) return forwarded;
    const reply = await granted.target.proxy.forward(
      endpoint,
      forwarded,
      disclosureFor(request, granted.access),
      notKept,
    );
    // A browser on this machine: gzip would cost more than the bytes it saves.
    return app.localClient(request.headers) ? sentAsIs(reply) : reply;
  });
}

/** GET /api/w/<slug>/events, /api/s/<token>/events, /api/events: a page of events. */
export const eventsRoute = proxiedRoute("events");

/** GET …/analytics. */
export const analyticsRoute = proxiedRoute("analytics");

/** GET …/export: owners and members; a share link only when its creator allowed it. */
export const exportRoute = guarded("export", async (granted, app, request): Promise<Response> => {
  const forwarded = shaped(app, granted, request, "export");
  if (forwarded instanceof Response) return forwarded;
  return exportCsv(granted.target.proxy, forwarded, disclosureFor(request, granted.access));
});

const names = guarded(
  "read",
  async (granted, app, request, param: NamedParam): Promise<Response> =>
    listNames(granted.target.proxy, param, request.signal),
);

const linkNames = guarded(
  "read",
  async (granted, app, request, ids: string[]): Promise<Response> =>
    listLinkNames(granted.target.proxy, ids, request.signal),
);

/** GET …/names?param=folderId|groupId|partnerTagId: a picker's names; ?param=linkId&value=<id>…: links named by id. Members only: a share link's holder narrows by what the page shows. */
export async function namesRoute(app: App, request: Request, scope: Scope): Promise<Response> {
  if (scope.kind === "share")
    return refuse("forbidden", "Names of folders, partner groups and partner tags are not listed on shared links.");
  const params = new URL(request.url).searchParams;
  const param = params.get("param") ?? "";
  if (param === LINK_NAME_PARAM) {
    const ids = params.getAll("value");
    if (ids.length === 0 || ids.length > MAX_LINK_NAMES)
      return refuse("unprocessable_entity", `"value" names 1 to ${MAX_LINK_NAMES} link ids, got ${ids.length}.`);
    return linkNames(app, request, scope, ids);
  }
  if (!isNamedParam(param))
    return refuse(
      "unprocessable_entity",
      `"param" must be one of ${[...NAMED_PARAMS, LINK_NAME_PARAM].join(", ")}, got "${param.slice(0, 40)}".`,
    );
  return names(app, request, scope, param);
}

const live = guarded(
  "read",
  async (granted, app, request): Promise<Response> =>
    granted.target.live.stream(request, disclosureFor(request, granted.access)),
);

/** GET …/live: the workspace's live stream. Not through share links: their lock is checked per request, which a stream of every event would bypass. */
export async function liveRoute(app: App, request: Request, scope: Scope): Promise<Response> {
  if (scope.kind === "share") return refuse("forbidden", "The live view is not available on shared links.");
  return live(app, request, scope);
}

/** POST /api/webhooks: the environment's workspace's platform pushes signed deliveries (no session: the signature is the check). */
export async function webhooksRoute(app: App, request: Request): Promise<Response> {
  const env = app.envWorkspace ? app.registry.target(app.envWorkspace) : null;
  if (!env)
    return refuse("not_found", "No workspace receives webhooks: LINK_API_BASE_URL and LINK_API_KEY are not set.");
  return receiveDelivery(request, env.live.receiver);
}
