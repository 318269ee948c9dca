import "server-only";
import * as z from "../contract/zod";
import type { App } from "../dashboard/dashboardApp";
import { json, refuse } from "../guard/refusal";
import { requesterOf } from "../guard/requester";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { INVITATION_GONE_TEXT } from "../invitations/goneText";
import { createAccount } from "./accounts";
import { email, name, password, readBody } from "./body";
import { answered } from "./guarded";

const newAccount = z.object({ name: z.optional(name), email: z.optional(email), password: z.optional(password) });

/**
 * POST /api/invitations/<token>: joins the invitation's workspace with its role, as the person
 * signed in (any way, OIDC too), or with a new account made from the body (name, email,
 * password). An invitation mailed to an address is that address's alone. 404 for an unknown,
 * used or revoked link, 410 for an expired one, each saying which.
 */
export const acceptInvitationRoute = (app: App, request: Request, token: string): Promise<Response> =>
  answered(async () => {
    if (!app.auth) return refuse("not_found", "Invitations need sign-in to be configured.");
    const found = await app.invitations.find(token);
    if (!found.ok)
      return refuse(found.reason === "expired" ? "invite_expired" : "not_found", INVITATION_GONE_TEXT[found.reason]);
    const { invitation } = found;
    const body = await readBody(request, newAccount);
    const requester = await requesterOf(app, request.headers);
    let userId: string;
    let actor = actorOf(requester);
    if (requester.kind === "person") {
      if (invitation.email && requester.person.email.toLowerCase() !== invitation.email) {
        return refuse(
          "forbidden",
          `This invitation is for ${invitation.email}, and you are signed in as ${requester.person.email}: sign out and open the link again, or ask for an invitation to your address.`,
        );
      }
      userId = requester.person.id;
    } else {
      if (!body.name || !body.email || !body.password)
        return refuse(
          "unauthorized",
          "Sign in, or give a name, an email and a password (at least 10 characters) for a new account.",
        );
      if (invitation.email && body.email !== invitation.email)
        return refuse("unprocessable_entity", `Invalid value for "email": this invitation is for ${invitation.email}.`);
      const created = await createAccount(app, { name: body.name, email: body.email, password: body.password });
      userId = created.userId;
      actor = { id: userId, email: body.email };
    }
    if (!(await app.invitations.accept(invitation, userId))) return refuse("not_found", INVITATION_GONE_TEXT.used);
    const workspace = await app.workspaces.byId(invitation.workspace_id);
    await recordAudit(app, request, actor, invitation.workspace_id, "invitation.accepted", `as ${invitation.role}`);
    return json({ workspace: workspace?.slug ?? null, role: invitation.role }, 201);
  });
