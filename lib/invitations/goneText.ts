import type { InvitationGone } from "../store/invitations";

/** Why an invitation link no longer opens, as its page and the API say it. */
export const INVITATION_GONE_TEXT: Record<InvitationGone, string> = {
  unknown:
    "This invitation link does not exist, or a newer email replaced it. Ask the person who invited you for a new one.",
  used: "This invitation has already been used. If it was you, sign in; otherwise ask for a new invitation.",
  revoked: "This invitation was withdrawn by the workspace's owner. Ask them for a new one if you still need access.",
  expired: "This invitation has expired (they last a week). Ask the person who invited you to send it again.",
};
