import "server-only";
import * as z from "../contract/zod";
import { json, refuse } from "../guard/refusal";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { ENV_WORKSPACE_ID } from "../store/workspaces";
import { readBody } from "./body";
import { guarded } from "./guarded";

export const SOLE_OWNER_CANNOT_LEAVE =
  "You are this workspace's only owner, so you cannot leave it: make another member its owner first (Settings → Members → Make owner), or delete the workspace.";

/**
 * DELETE /api/w/<slug>/membership: the requester leaves the workspace (any role). The only owner
 * cannot: a workspace keeps at least one owner. Their other workspaces and sessions stay.
 */
export const leaveWorkspaceRoute = guarded("read", async (granted, app, request): Promise<Response> => {
  if (granted.requester.kind !== "person")
    return refuse(
      "forbidden",
      "Without sign-in there is one person, who owns every workspace: there is nothing to leave.",
    );
  const id = granted.target.workspace.id;
  const me = granted.requester.person;
  if (granted.access.kind === "member" && granted.access.role === "owner" && (await app.members.owners(id)) <= 1)
    return refuse("unprocessable_entity", SOLE_OWNER_CANNOT_LEAVE);
  await app.members.remove(id, me.id);
  await recordAudit(app, request, actorOf(granted.requester), id, "member.left", me.email);
  return new Response(null, { status: 204 });
});

/**
 * POST /api/w/<slug>/ownership { userId }: an owner makes another member (or viewer) the owner and
 * becomes a member, as GitHub, Plausible and PostHog do; to stay an owner too, an owner changes the
 * other's role to owner instead.
 */
export const transferOwnershipRoute = guarded("manageMembers", async (granted, app, request): Promise<Response> => {
  if (granted.requester.kind !== "person")
    return refuse("forbidden", "Ownership passes between accounts: set LINKLENS_SECRET to turn sign-in on.");
  const body = await readBody(request, z.object({ userId: z.string().check(z.minLength(1), z.maxLength(100)) }));
  const id = granted.target.workspace.id;
  const me = granted.requester.person;
  if (body.userId === me.id)
    return refuse("unprocessable_entity", "You own this workspace already: choose another member.");
  const theirRole = await app.members.roleOf(id, body.userId);
  if (!theirRole) return refuse("not_found", "There is no such member: invite them first.");
  if (theirRole === "owner")
    return refuse(
      "unprocessable_entity",
      "They are an owner already: to step down, change your own role in the member list, or leave the workspace.",
    );
  await app.members.transferOwnership(id, me.id, body.userId);
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    id,
    "ownership.transferred",
    `${(await app.members.emailOf(body.userId)) ?? body.userId} (was ${theirRole}); ${me.email} → member`,
  );
  return json({ ok: true });
});

/**
 * DELETE /api/w/<slug> { confirm: <its name> }: an owner deletes the workspace with its members,
 * invitations, views, share links (their page says the workspace was deleted) and reports. Its
 * activity entries stay. The slug is free again.
 */
export const deleteWorkspaceRoute = guarded("manageWorkspace", async (granted, app, request): Promise<Response> => {
  const { workspace } = granted.target;
  if (workspace.id === ENV_WORKSPACE_ID)
    return refuse(
      "unprocessable_entity",
      "This workspace comes from the environment (LINK_API_BASE_URL, LINK_API_KEY): unset those and restart to remove it.",
    );
  const body = await readBody(request, z.object({ confirm: z.string().check(z.maxLength(200)) }));
  if (body.confirm.trim() !== workspace.name)
    return refuse(
      "unprocessable_entity",
      `Invalid value for "confirm": type the workspace's name, "${workspace.name}", to delete it.`,
    );
  await app.workspaces.remove(workspace);
  app.registry.forget(workspace.id);
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    workspace.id,
    "workspace.deleted",
    `${workspace.name} (${workspace.slug})`,
  );
  return new Response(null, { status: 204 });
});
