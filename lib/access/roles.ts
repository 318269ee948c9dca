/**
 * Roles per workspace and what each may do, written once. The server asks `can` on every route
 * (lib/server/guard.ts); pages ask it only to leave out what would be refused anyway.
 */

export const ROLES = ["owner", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  /** Views: figures, charts, the events table, the live view; saved views shared with the workspace. */
  "read",
  /** CSV export of a view's events. */
  "export",
  /** Full IP addresses (masked otherwise). */
  "revealIps",
  /** Customers' and partners' email addresses (left out otherwise). */
  "seeEmails",
  /** Save, rename and delete one's views; share them with the workspace. */
  "saveViews",
  /** Create share links; list, copy again, change and revoke one's own. */
  "share",
  /** Add notes to the workspace's charts; change and delete one's own. */
  "annotate",
  /** Every share link of the workspace: list, see its opens, revoke. */
  "manageShares",
  /** The workspace's default view, and others' shared views. */
  "curateViews",
  /** Change and delete others' notes on the charts. */
  "curateAnnotations",
  /** Invite people, change roles, remove members, revoke their sessions. */
  "manageMembers",
  /** The workspace's name, platform address and key; adding workspaces. */
  "manageWorkspace",
] as const;
export type Action = (typeof ACTIONS)[number];

const VIEWER: readonly Action[] = ["read"];
const MEMBER: readonly Action[] = [...VIEWER, "export", "revealIps", "seeEmails", "saveViews", "share", "annotate"];
const OWNER: readonly Action[] = [
  ...MEMBER,
  "manageShares",
  "curateViews",
  "curateAnnotations",
  "manageMembers",
  "manageWorkspace",
];

export const POWERS: Record<Role, readonly Action[]> = { owner: OWNER, member: MEMBER, viewer: VIEWER };

export function can(role: Role, action: Action): boolean {
  return POWERS[role].includes(action);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
