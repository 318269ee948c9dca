import "server-only";
import { allows } from "../access/access";
import type { SavedViewJson } from "../contract/dashboardReplies";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import type { SavedView } from "../db/schema";
import type { Granted } from "../guard/accessFor";
import { guarded } from "./guarded";
import { json, refusal, refuse } from "../guard/refusal";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { name, readBody, viewQuery } from "./body";

function viewJson(view: SavedView, granted: Granted, authorName: string | null): SavedViewJson {
  const userId = granted.access.kind === "member" ? granted.access.userId : null;
  return {
    id: view.id,
    name: view.name,
    query: view.query,
    shared: view.shared,
    mine: view.owner_id === userId,
    isDefault: granted.target.workspace.default_view_id === view.id,
    authorName,
  };
}

/** GET /api/w/<slug>/views: one's own views and those shared with the workspace. */
export const listViewsRoute = guarded("read", async (granted, app): Promise<Response> => {
  const userId = granted.access.kind === "member" ? granted.access.userId : null;
  const views = await app.views.list(granted.target.workspace.id, userId);
  return json({ views: views.map((v) => viewJson(v, granted, v.author_name)) });
});

const createBody = z.object({ name, query: viewQuery, shared: z._default(z.boolean(), false) });

/** POST /api/w/<slug>/views: names the current view (its whole URL state). */
export const createViewRoute = guarded("saveViews", async (granted, app, request): Promise<Response> => {
  const body = await readBody(request, createBody);
  const userId = granted.access.kind === "member" ? granted.access.userId : null;
  const view = await app.views.create(granted.target.workspace.id, userId, body);
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "view.created", view.name);
  return json(
    { view: viewJson(view, granted, granted.requester.kind === "person" ? granted.requester.person.name : null) },
    201,
  );
});

const updateBody = z.object({
  name: z.optional(name),
  shared: z.optional(z.boolean()),
  isDefault: z.optional(z.boolean()),
  query: z.optional(viewQuery),
});

/** The view, when the requester may change it: their own, or any shared one for an owner; else it throws the refusal. */
async function changeable(app: App, granted: Granted, id: string): Promise<SavedView> {
  const view = await app.views.get(granted.target.workspace.id, id);
  const userId = granted.access.kind === "member" ? granted.access.userId : null;
  if (!view || (!view.shared && view.owner_id !== userId)) throw refusal("not_found", "There is no such saved view.");
  if (view.owner_id !== userId && !allows(granted.access, "curateViews"))
    throw refusal("forbidden", "Only its creator or an owner may change this view.");
  return view;
}

/** PATCH /api/w/<slug>/views/<id>: rename, share or unshare, or update with the current view's state; owners also make it the workspace's default (what `/` opens). */
export const updateViewRoute = guarded("saveViews", async (granted, app, request, id: string): Promise<Response> => {
  const body = await readBody(request, updateBody);
  const view = await changeable(app, granted, id);
  const workspace = granted.target.workspace;
  if (body.isDefault !== undefined) {
    if (!allows(granted.access, "curateViews"))
      return refuse("forbidden", "Only an owner may set the workspace's default view.");
    if (body.isDefault && !(body.shared ?? view.shared))
      return refuse("unprocessable_entity", "The default view must be shared with the workspace.");
    await app.workspaces.setDefaultView(
      workspace.id,
      body.isDefault ? view.id : workspace.default_view_id === view.id ? null : workspace.default_view_id,
    );
  }
  // A default view is a shared one: unshared, it is the default no more (`/` would open a view its members cannot see).
  if (body.shared === false && body.isDefault !== true && workspace.default_view_id === view.id) {
    await app.workspaces.setDefaultView(workspace.id, null);
  }
  await app.views.update(workspace.id, view.id, { name: body.name, shared: body.shared, query: body.query });
  const changes = [
    body.name !== undefined && body.name !== view.name ? `renamed ${body.name}` : null,
    body.shared === undefined ? null : body.shared ? "shared" : "unshared",
    body.isDefault === undefined ? null : body.isDefault ? "made default" : "no longer default",
    body.query !== undefined && body.query !== view.query ? "filters updated" : null,
  ];
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    workspace.id,
    "view.updated",
    [view.name, ...changes.filter((c) => c !== null)].join(": "),
  );
  return json({ ok: true });
});

/** DELETE /api/w/<slug>/views/<id>. */
export const deleteViewRoute = guarded("saveViews", async (granted, app, request, id: string): Promise<Response> => {
  const view = await changeable(app, granted, id);
  if (granted.target.workspace.default_view_id === view.id)
    await app.workspaces.setDefaultView(granted.target.workspace.id, null);
  await app.views.delete(granted.target.workspace.id, view.id);
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "view.deleted", view.name);
  return new Response(null, { status: 204 });
});
