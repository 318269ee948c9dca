import "server-only";
import type { App } from "../dashboard/app";
import { exportCsv } from "../export/stream";
import { accessFor, type Granted, type Scope } from "../guard/access";
import { refuse } from "../guard/errors";
import { NAMED_PARAMS, isNamedParam } from "../contract/names";
import { receiveDelivery } from "../live/receiver";
import { listNames } from "../upstream/names";
import { disclosureFor } from "../guard/disclosure";
import { sentAsIs } from "../http/localReply";
import { lockedRequest, type LockedEndpoint } from "./lockedRequest";

/** The request as it may go on: through a share link, locked to its view; else as it came. */
function shaped(app: App, granted: Granted, request: Request, endpoint: LockedEndpoint): Request | Response {
  if (!granted.link) return request;
  return lockedRequest(granted.link, request, endpoint, app.allowance, new Date(app.clock.now()));
}

/** GET …/events or …/analytics: the platform's reply, as the requester may see it (through a share link, for its locked view). */
function proxiedRoute(endpoint: "events" | "analytics") {
  return async (app: App, request: Request, scope: Scope): Promise<Response> => {
    const granted = await accessFor(app, request, scope, "read");
    if (granted instanceof Response) return granted;
    const forwarded = shaped(app, granted, request, endpoint);
    if (forwarded instanceof Response) return forwarded;
    const reply = await granted.target.proxy.forward(endpoint, forwarded, disclosureFor(request, granted.access));
    // A browser on this machine: gzip would cost more than the bytes it saves.
    return app.localClient(request.headers) ? sentAsIs(reply) : reply;
  };
}

/** GET /api/w/<slug>/events, /api/s/<token>/events, /api/events: a page of events. */
export const eventsRoute = proxiedRoute("events");

/** GET …/analytics. */
export const analyticsRoute = proxiedRoute("analytics");

/** GET …/export: owners and members; a share link only when its creator allowed it. */
export async function exportRoute(app: App, request: Request, scope: Scope): Promise<Response> {
  const granted = await accessFor(app, request, scope, "export");
  if (granted instanceof Response) return granted;
  const forwarded = shaped(app, granted, request, "export");
  if (forwarded instanceof Response) return forwarded;
  return exportCsv(granted.target.proxy, forwarded, disclosureFor(request, granted.access));
}

/** GET …/names?param=folderId|groupId|partnerTagId: a picker's names. Members only: a share link's holder narrows by what the page shows. */
export async function namesRoute(app: App, request: Request, scope: Scope): Promise<Response> {
  if (scope.kind === "share") return refuse("forbidden", "Names of folders, partner groups and partner tags are not listed on shared links.");
  const param = new URL(request.url).searchParams.get("param") ?? "";
  if (!isNamedParam(param)) return refuse("unprocessable_entity", `"param" must be one of ${NAMED_PARAMS.join(", ")}, got "${param.slice(0, 40)}".`);
  const granted = await accessFor(app, request, scope, "read");
  if (granted instanceof Response) return granted;
  return listNames(granted.target.proxy, param, request.signal);
}

/** GET …/live: the workspace's live stream. Not through share links: their lock is checked per request, which a stream of every event would bypass. */
export async function liveRoute(app: App, request: Request, scope: Scope): Promise<Response> {
  if (scope.kind === "share") return refuse("forbidden", "The live view is not available on shared links.");
  const granted = await accessFor(app, request, scope, "read");
  if (granted instanceof Response) return granted;
  return granted.target.live.stream(request, disclosureFor(request, granted.access));
}

/** POST /api/webhooks: the environment's workspace's platform pushes signed deliveries (no session: the signature is the check). */
export async function webhooksRoute(app: App, request: Request): Promise<Response> {
  const env = app.envWorkspace ? app.registry.target(app.envWorkspace) : null;
  if (!env) return refuse("not_found", "No workspace receives webhooks: LINK_API_BASE_URL and LINK_API_KEY are not set.");
  return receiveDelivery(request, env.live.receiver);
}
