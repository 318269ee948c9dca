import "server-only";
import { ROLES } from "../access/roles";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import { guarded } from "./guarded";
import { json, refuse } from "../guard/refusal";
import { actorOf, recordAudit } from "../audit/recordAudit";
import type { Invitation } from "../db/schema";
import { email, readBody } from "./body";
import { invitationUrl, MAIL_FAILED, mailInvitation } from "./mailInvitation";

const role = z.enum(ROLES);

function invitationJson(invitation: Invitation) {
  return {
    id: invitation.id,
    role: invitation.role,
    email: invitation.email,
    expiresAt: new Date(invitation.expires_at).toISOString(),
    sentAt: invitation.sent_at === null ? null : new Date(invitation.sent_at).toISOString(),
  };
}

/** GET /api/w/<slug>/members: members and pending invitations (owners). */
export const listMembersRoute = guarded("manageMembers", async (granted, app): Promise<Response> => {
  const id = granted.target.workspace.id;
  const invitations = (await app.invitations.pending(id)).map(invitationJson);
  return json({ members: await app.members.list(id), invitations, mail: app.mailer !== null });
});

/**
 * POST /api/w/<slug>/invitations: an invitation for `role`, valid a week, one use. With `email`
 * it is mailed there and only that address's account may accept it; without, the answer's link
 * is for the owner to pass on.
 */
export const inviteRoute = guarded("manageMembers", async (granted, app, request): Promise<Response> => {
  if (!app.signIn || granted.requester.kind !== "person")
    return refuse("forbidden", "Invitations need sign-in to be configured: set LINKLENS_SECRET.");
  const body = await readBody(request, z.object({ role, email: z.optional(email) }));
  const workspaceId = granted.target.workspace.id;
  if (body.email !== undefined) {
    if (!app.mailer)
      return refuse(
        "unprocessable_entity",
        "Invitations by email need a mail server: set SMTP_URL (and MAIL_FROM). Make a link instead.",
      );
    const address = body.email;
    if ((await app.members.list(workspaceId)).some((m) => m.email.toLowerCase() === address))
      return refuse("conflict", `${address} is a member of this workspace already.`);
    if (await app.invitations.pendingFor(workspaceId, address))
      return refuse("conflict", `${address} has a pending invitation already: send it again from the list instead.`);
  }
  const { token, invitation } = await app.invitations.create(
    workspaceId,
    body.role,
    granted.requester.person.id,
    body.email ?? null,
  );
  if (invitation.email && !(await mailInvitation(app, invitation, token))) {
    await app.invitations.discard(invitation.id);
    return refuse("unprocessable_entity", MAIL_FAILED);
  }
  await recordAudit(
    app,
    request,
    actorOf(granted.requester),
    workspaceId,
    "invitation.created",
    invitation.email ? `${invitation.email} as ${invitation.role}` : `link as ${invitation.role}`,
  );
  return json(
    {
      invitation: invitationJson({ ...invitation, sent_at: invitation.email ? new Date(app.clock.now()) : null }),
      url: invitationUrl(app, token),
    },
    201,
  );
});

/** POST /api/w/<slug>/invitations/<id>/resend: mails a pending invitation again with a new link and another week (the old link stops working). */
export const resendInvitationRoute = guarded(
  "manageMembers",
  async (granted, app, request, id: string): Promise<Response> => {
    const workspaceId = granted.target.workspace.id;
    const pending = await app.invitations.pendingById(workspaceId, id);
    if (!pending) return refuse("not_found", "There is no such pending invitation.");
    if (!pending.email)
      return refuse("unprocessable_entity", "This invitation is a link, not an email: revoke it and make a new one.");
    if (!app.mailer)
      return refuse("unprocessable_entity", "Invitations by email need a mail server: set SMTP_URL (and MAIL_FROM).");
    const renewed = await app.invitations.renew(workspaceId, id);
    if (!renewed) return refuse("not_found", "There is no such pending invitation.");
    if (!(await mailInvitation(app, renewed.invitation, renewed.token)))
      return refuse("unprocessable_entity", MAIL_FAILED);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      workspaceId,
      "invitation.resent",
      renewed.invitation.email,
    );
    return json({ invitation: invitationJson({ ...renewed.invitation, sent_at: new Date(app.clock.now()) }) });
  },
);

/** DELETE /api/w/<slug>/invitations/<id>: revoked; its link says so from then on. */
export const revokeInvitationRoute = guarded(
  "manageMembers",
  async (granted, app, request, id: string): Promise<Response> => {
    const pending = await app.invitations.pendingById(granted.target.workspace.id, id);
    if (!pending || !(await app.invitations.revoke(granted.target.workspace.id, id)))
      return refuse("not_found", "There is no such pending invitation.");
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "invitation.revoked",
      pending.email ? `${pending.email} as ${pending.role}` : `link as ${pending.role}`,
    );
    return new Response(null, { status: 204 });
  },
);

/** A workspace keeps at least one owner. */
async function keepsAnOwner(app: App, workspaceId: string, userId: string): Promise<boolean> {
  return (await app.members.roleOf(workspaceId, userId)) !== "owner" || (await app.members.owners(workspaceId)) > 1;
}

/** PATCH /api/w/<slug>/members/<userId>: another role. */
export const changeRoleRoute = guarded(
  "manageMembers",
  async (granted, app, request, userId: string): Promise<Response> => {
    const body = await readBody(request, z.object({ role }));
    const id = granted.target.workspace.id;
    if (!(await app.members.roleOf(id, userId))) return refuse("not_found", "There is no such member.");
    if (body.role !== "owner" && !(await keepsAnOwner(app, id, userId)))
      return refuse("unprocessable_entity", "A workspace keeps at least one owner.");
    await app.members.set(id, userId, body.role);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      id,
      "member.role_changed",
      `${(await app.members.emailOf(userId)) ?? userId} → ${body.role}`,
    );
    return json({ ok: true });
  },
);

/** DELETE /api/w/<slug>/members/<userId>: out of the workspace (their other workspaces and sessions stay). */
export const removeMemberRoute = guarded(
  "manageMembers",
  async (granted, app, request, userId: string): Promise<Response> => {
    const id = granted.target.workspace.id;
    if (!(await app.members.roleOf(id, userId))) return refuse("not_found", "There is no such member.");
    if (!(await keepsAnOwner(app, id, userId)))
      return refuse("unprocessable_entity", "A workspace keeps at least one owner.");
    const email = await app.members.emailOf(userId);
    await app.members.remove(id, userId);
    await recordAudit(app, request, actorOf(granted.requester), id, "member.removed", email ?? userId);
    return new Response(null, { status: 204 });
  },
);

/**
 * DELETE /api/w/<slug>/members/<userId>/sessions: signs a member out everywhere; their next request
 * is refused. A session is not one workspace's: it opens every workspace the person belongs to, so
 * only someone who owns all of those may end it (an owner of one cannot sign people out of others).
 */
export const revokeSessionsRoute = guarded(
  "manageMembers",
  async (granted, app, request, userId: string): Promise<Response> => {
    if (!(await app.members.roleOf(granted.target.workspace.id, userId)))
      return refuse("not_found", "There is no such member.");
    if (granted.requester.kind === "person") {
      const owned = new Set(
        (await app.members.of(granted.requester.person.id)).filter((m) => m.role === "owner").map((m) => m.workspaceId),
      );
      if ((await app.members.of(userId)).some((m) => !owned.has(m.workspaceId))) {
        return refuse(
          "forbidden",
          "This member also belongs to workspaces you do not own, and signing out ends their sessions there too: remove them from this workspace instead, or ask an owner of every workspace they are in.",
        );
      }
    }
    const revoked = await app.members.revokeSessions(userId);
    await recordAudit(
      app,
      request,
      actorOf(granted.requester),
      granted.target.workspace.id,
      "member.signed_out",
      (await app.members.emailOf(userId)) ?? userId,
    );
    return json({ revoked });
  },
);
