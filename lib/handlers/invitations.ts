import "server-only";
import * as z from "../contract/zod";
import type { App } from "../dashboard/app";
import { json, refuse } from "../guard/errors";
import { requesterOf } from "../guard/requester";
import { createAccount } from "./accounts";
import { actorOf, recordAudit } from "../audit/recordAudit";
import { email, name, password, readBody } from "./body";

const newAccount = z.object({ name: z.optional(name), email: z.optional(email), password: z.optional(password) });

/**
 * POST /api/invitations/<token>: joins the invitation's workspace with its role, as the person
 * signed in (any way, OIDC too), or with a new account made from the body (name, email,
 * password). 404 for an unknown or used link, 410 for an expired one.
 */
export async function acceptInvitationRoute(app: App, request: Request, token: string): Promise<Response> {
  if (!app.auth) return refuse("not_found", "Invitations need sign-in to be configured.");
  const found = await app.invitations.find(token);
  if (!found.ok) return refuse(found.code, found.code === "invite_expired" ? "This invitation has expired; ask for a new one." : "This invitation does not exist or has been used.");
  const body = await readBody(request, newAccount);
  if (body instanceof Response) return body;
  const requester = await requesterOf(app, request.headers);
  let userId: string;
  let actor = actorOf(requester);
  if (requester.kind === "person") {
    userId = requester.person.id;
  } else {
    if (!body.name || !body.email || !body.password) return refuse("unauthorized", "Sign in, or give a name, an email and a password (at least 10 characters) for a new account.");
    const created = await createAccount(app, { name: body.name, email: body.email, password: body.password });
    if (created instanceof Response) return created;
    userId = created.userId;
    actor = { id: userId, email: body.email };
  }
  if (!(await app.invitations.accept(found.invitation, userId))) return refuse("not_found", "This invitation has just been used.");
  const workspace = await app.workspaces.byId(found.invitation.workspace_id);
  await recordAudit(app, request, actor, found.invitation.workspace_id, "invitation.accepted", `as ${found.invitation.role}`);
  return json({ workspace: workspace?.slug ?? null, role: found.invitation.role }, 201);
}
