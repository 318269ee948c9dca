/**
 * What the activity log records, one name per state change the server makes. The page's labels
 * (components/activity/actionLabels.ts) are an exhaustive map over this list.
 */
export const AUDIT_ACTIONS = [
  "account.created",
  "signed_in",
  "signed_out",
  "password_reset.requested",
  "password_reset.completed",
  "two_factor.enabled",
  "two_factor.disabled",
  "workspace.added",
  "workspace.updated",
  "workspace.key_rotated",
  "workspace.deleted",
  "member.role_changed",
  "member.removed",
  "member.signed_out",
  "member.left",
  "ownership.transferred",
  "invitation.created",
  "invitation.resent",
  "invitation.revoked",
  "invitation.accepted",
  "view.created",
  "view.updated",
  "view.deleted",
  "annotation.created",
  "annotation.updated",
  "annotation.deleted",
  "share.created",
  "share.revoked",
  "share.unlocked",
  "share.updated",
  "report.created",
  "report.updated",
  "report.deleted",
  "report.previewed",
  "report.subscribed",
  "report.unsubscribed",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}
