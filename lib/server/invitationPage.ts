import "server-only";
import { INVITATION_GONE_TEXT } from "../invitations/goneText";
import type { InvitationDetails } from "../store/invitations";
import { dashboardApp } from "./dashboardRoot";

export type InvitationPage = { kind: "open"; details: InvitationDetails } | { kind: "gone"; message: string };

/** What an invitation link's page shows first: the invitation, or why it no longer opens (before any form). */
export async function invitationPage(token: string): Promise<InvitationPage> {
  const app = await dashboardApp();
  const found = await app.invitations.find(token);
  if (!found.ok) return { kind: "gone", message: INVITATION_GONE_TEXT[found.reason] };
  return { kind: "open", details: await app.invitations.details(found.invitation) };
}
