import { ROLE_SUMMARY } from "../access/roleSummary";
import type { MailMessage } from "../mail/mailer";
import type { InvitationDetails } from "../store/invitations";

/** The invitation mail: who invites whom to which workspace with which role, the link, and until when. */
export function invitationMail(to: string, details: InvitationDetails, url: string): MailMessage {
  const inviter = details.inviterName ?? "An owner";
  const until = details.expiresAt.slice(0, 10);
  const text = [
    `${inviter} invites you to the workspace "${details.workspaceName}" on Linklens, as ${details.role}: ${ROLE_SUMMARY[details.role]}.`,
    "",
    `Accept: ${url}`,
    "",
    `The link works once, for ${to} only, until ${until} (UTC). If you did not expect this, ignore it.`,
  ].join("\n");
  return { to: [to], subject: `${inviter} invites you to ${details.workspaceName} on Linklens`, text };
}
