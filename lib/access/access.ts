import { can, type Action, type Role } from "./roles";

/**
 * What one request may do in one workspace: as a member with a role (the loopback dashboard's
 * local user is an owner), or through a share link (read the locked view; export if its creator
 * allowed it). Decided on the server (lib/guard); pages receive it to leave out what would be refused.
 */
export type Access =
  | { kind: "member"; workspaceId: string; role: Role; userId: string | null }
  | { kind: "share"; workspaceId: string; linkId: string; allowExport: boolean };

export function allows(access: Access, action: Action): boolean {
  if (access.kind === "member") return can(access.role, action);
  return action === "read" || (action === "export" && access.allowExport);
}

/** What a page shows or leaves out, as plain data a server component hands to the browser. */
export interface Capabilities {
  export: boolean;
  revealIps: boolean;
  saveViews: boolean;
  /** Add notes to the charts (and change one's own). */
  annotate: boolean;
  share: boolean;
  manage: boolean;
  /** A share link's page: read-only, locked to its view. */
  shared: boolean;
}

export function capabilitiesOf(access: Access): Capabilities {
  return {
    export: allows(access, "export"),
    revealIps: allows(access, "revealIps"),
    saveViews: allows(access, "saveViews"),
    annotate: allows(access, "annotate"),
    share: allows(access, "share"),
    manage: allows(access, "manageMembers"),
    shared: access.kind === "share",
  };
}
