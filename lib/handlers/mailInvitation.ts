import "server-only";
import type { App } from "../dashboard/dashboardApp";
import type { Invitation } from "../db/schema";
import { invitationMail } from "../invitations/invitationMail";

export function invitationUrl(app: App, token: string): string {
  return `${app.signIn?.publicUrl ?? ""}/invite/${token}`;
}

/** Mails an invitation to its address; false (and the reason on the server's console) when the mail server did not take it. */
export async function mailInvitation(app: App, invitation: Invitation, token: string): Promise<boolean> {
  if (!app.mailer || !invitation.email) return false;
  try {
    await app.mailer.send(
      invitationMail(invitation.email, await app.invitations.details(invitation), invitationUrl(app, token)),
    );
  } catch (error) {
    console.error(
      `linklens: the invitation mail to ${invitation.email} was not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
  await app.invitations.markSent(invitation.id);
  return true;
}

export const MAIL_FAILED =
  "The invitation mail could not be sent: the mail server (SMTP_URL) did not take it. Check the mail settings and retry, or make a link instead.";
