import "server-only";
import { ROLES } from "../access/roles";
import * as z from "../contract/zod";
import type { App } from "../dashboard/app";
import { workspaceAccess } from "../guard/access";
import { json, refuse } from "../guard/errors";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { readBody } from "./body";

const role = z.enum(ROLES);

/** GET /api/w/<slug>/members: members and pending invitations (owners). */
export async function listMembersRoute(app: App, request: Request, slug: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "manageMembers");
  if (granted instanceof Response) return granted;
  const id = granted.target.workspace.id;
  const invitations = (await app.invitations.pending(id)).map((i) => ({ id: i.id, role: i.role, expiresAt: new Date(i.expires_at).toISOString() }));
  return json({ members: await app.members.list(id), invitations });
}

/** POST /api/w/<slug>/invitations: a one-use link that makes whoever opens it a member with `role`, for a week. */
export async function inviteRoute(app: App, request: Request, slug: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "manageMembers");
  if (granted instanceof Response) return granted;
  if (!app.signIn || granted.requester.kind !== "person") return refuse("forbidden", "Invitations need sign-in to be configured: set LINKLENS_SECRET.");
  const body = await readBody(request, z.object({ role }));
  if (body instanceof Response) return body;
  const { token, invitation } = await app.invitations.create(granted.target.workspace.id, body.role, granted.requester.person.id);
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "invitation.created", `link as ${invitation.role}`);
  return json({ invitation: { id: invitation.id, role: invitation.role, expiresAt: new Date(invitation.expires_at).toISOString() }, url: `${app.signIn.publicUrl}/invite/${token}` }, 201);
}

/** DELETE /api/w/<slug>/invitations/<id>. */
export async function revokeInvitationRoute(app: App, request: Request, slug: string, id: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "manageMembers");
  if (granted instanceof Response) return granted;
  if (!(await app.invitations.revoke(granted.target.workspace.id, id))) return refuse("not_found", "There is no such invitation.");
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "invitation.revoked", id);
  return new Response(null, { status: 204 });
}

/** A workspace keeps at least one owner. */
async function keepsAnOwner(app: App, workspaceId: string, userId: string): Promise<boolean> {
  return (await app.members.roleOf(workspaceId, userId)) !== "owner" || (await app.members.owners(workspaceId)) > 1;
}

/** PATCH /api/w/<slug>/members/<userId>: another role. */
export async function changeRoleRoute(app: App, request: Request, slug: string, userId: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "manageMembers");
  if (granted instanceof Response) return granted;
  const body = await readBody(request, z.object({ role }));
  if (body instanceof Response) return body;
  const id = granted.target.workspace.id;
  if (!(await app.members.roleOf(id, userId))) return refuse("not_found", "There is no such member.");
  if (body.role !== "owner" && !(await keepsAnOwner(app, id, userId))) return refuse("unprocessable_entity", "A workspace keeps at least one owner.");
  await app.members.set(id, userId, body.role);
  await recordAudit(app, request, actorOf(granted.requester), id, "member.role_changed", `${(await app.members.emailOf(userId)) ?? userId} → ${body.role}`);
  return json({ ok: true });
}

/** DELETE /api/w/<slug>/members/<userId>: out of the workspace (their other workspaces and sessions stay). */
export async function removeMemberRoute(app: App, request: Request, slug: string, userId: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "manageMembers");
  if (granted instanceof Response) return granted;
  const id = granted.target.workspace.id;
  if (!(await app.members.roleOf(id, userId))) return refuse("not_found", "There is no such member.");
  if (!(await keepsAnOwner(app, id, userId))) return refuse("unprocessable_entity", "A workspace keeps at least one owner.");
  const email = await app.members.emailOf(userId);
  await app.members.remove(id, userId);
  await recordAudit(app, request, actorOf(granted.requester), id, "member.removed", email ?? userId);
  return new Response(null, { status: 204 });
}

/**
 * DELETE /api/w/<slug>/members/<userId>/sessions: signs a member out everywhere; their next request
 * is refused. A session is not one workspace's: it opens every workspace the person belongs to, so
 * only someone who owns all of those may end it (an owner of one cannot sign people out of others).
 */
export async function revokeSessionsRoute(app: App, request: Request, slug: string, userId: string): Promise<Response> {
  const granted = await workspaceAccess(app, request, slug, "manageMembers");
  if (granted instanceof Response) return granted;
  if (!(await app.members.roleOf(granted.target.workspace.id, userId))) return refuse("not_found", "There is no such member.");
  if (granted.requester.kind === "person") {
    const owned = new Set((await app.members.of(granted.requester.person.id)).filter((m) => m.role === "owner").map((m) => m.workspaceId));
    if ((await app.members.of(userId)).some((m) => !owned.has(m.workspaceId))) {
      return refuse("forbidden", "This member also belongs to workspaces you do not own, and signing out ends their sessions there too: remove them from this workspace instead, or ask an owner of every workspace they are in.");
    }
  }
  const revoked = await app.members.revokeSessions(userId);
  await recordAudit(app, request, actorOf(granted.requester), granted.target.workspace.id, "member.signed_out", (await app.members.emailOf(userId)) ?? userId);
  return json({ revoked });
}
