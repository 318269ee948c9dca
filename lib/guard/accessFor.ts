import "server-only";
import { allows, type Access } from "../access/access";
import type { Action, Role } from "../access/roles";
import type { App } from "../dashboard/dashboardApp";
import type { ShareLink, Workspace } from "../db/schema";
import type { WorkspaceTarget } from "../workspaces/registry";
import { refusal } from "./refusal";
import { ssoRefusal } from "./ssoRequirement";
import { requesterOf, type Requester } from "./requester";
import { openShare } from "./shareLink";

export interface Granted {
  access: Access;
  target: WorkspaceTarget;
  requester: Requester;
  /** Set when the request comes through a share link. */
  link: ShareLink | null;
}

const ACTION_TEXT: Record<Action, string> = {
  read: "see this workspace",
  export: "export events",
  revealIps: "see full IP addresses",
  seeEmails: "see email addresses",
  saveViews: "save views",
  share: "create share links",
  annotate: "add notes to the charts",
  curateAnnotations: "change others' notes on the charts",
  manageShares: "manage others' share links",
  curateViews: "change the workspace's default view or others' shared views",
  manageMembers: "manage members",
  manageWorkspace: "change the workspace's settings",
};

/** A person's role in the workspace, or null; the local user (no sign-in configured) owns every workspace. */
export async function roleIn(app: App, requester: Requester, workspaceId: string) {
  if (requester.kind === "local") return "owner" as const;
  if (requester.kind === "anonymous") return null;
  return app.members.roleOf(workspaceId, requester.person.id);
}

/**
 * What a page's render already looked up from its own request (../server/pageAccess.ts): the
 * checks of its first screen's reads take them from there rather than reading them again.
 */
export interface KnownToPage {
  requester: Promise<Requester>;
  workspace(slug: string): Promise<Workspace | undefined>;
  role(workspaceId: string): Promise<Role | null>;
}

/**
 * What this request is granted to do `action` in the workspace `slug`; else it throws the refusal
 * (an ApiError): 401 without a session, 404 for a workspace that does not exist, 403 for one the
 * person is not a member of or whose role does not allow it. Handlers reach it through `guarded`
 * (../handlers/guarded.ts), which answers a refusal in the spec's error shape.
 */
export async function workspaceAccess(
  app: App,
  request: Request,
  slug: string,
  action: Action,
  known?: KnownToPage,
): Promise<Granted> {
  const requester = await (known?.requester ?? requesterOf(app, request.headers));
  if (requester.kind === "anonymous") throw refusal("unauthorized", "Sign in to use this dashboard.");
  const target = known
    ? await known.workspace(slug).then((workspace) => workspace && app.registry.target(workspace))
    : await app.registry.bySlug(slug);
  if (!target) throw refusal("not_found", `There is no workspace "${slug.slice(0, 60)}".`);
  const role = await (known ? known.role(target.workspace.id) : roleIn(app, requester, target.workspace.id));
  if (!role) throw refusal("forbidden", `You are not a member of the workspace "${target.workspace.slug}".`);
  const sso = ssoRefusal(app, requester, target.workspace);
  if (sso) throw refusal("forbidden", sso);
  const access: Access = {
    kind: "member",
    workspaceId: target.workspace.id,
    role,
    userId: requester.kind === "person" ? requester.person.id : null,
  };
  if (!allows(access, action)) throw refusal("forbidden", `Your role (${role}) may not ${ACTION_TEXT[action]}.`);
  return { access, target, requester, link: null };
}

/** The default workspace: the environment's, else the first there is. Old single-workspace URLs (/api/events) reach it. */
export async function defaultSlug(app: App): Promise<string | null> {
  if (app.envWorkspace) return app.envWorkspace.slug;
  return (await app.workspaces.list())[0]?.slug ?? null;
}

/**
 * What this request, through the share link `token`, is granted to do `action`; else it throws
 * the refusal. Only reading (and exporting when the creator allowed it): 404 for an unknown (or
 * tampered) token, 403 for a revoked or expired one (or one whose view no longer reads), 401 while
 * its password has not been given. The link is opened by `openShare` (./shareLink.ts), as its page is.
 */
export async function shareAccess(app: App, request: Request, token: string, action: Action): Promise<Granted> {
  const opening = await openShare(app, request.headers, token);
  if (opening.kind === "closed") throw refusal(opening.closed.code, opening.closed.text);
  if (opening.kind === "password") throw refusal("unauthorized", "This shared link is protected by a password.");
  const { access, target, link } = opening;
  if (!allows(access, action)) {
    throw refusal(
      "forbidden",
      action === "export" ? "Export is off for this shared link." : `A shared link may not ${ACTION_TEXT[action]}.`,
    );
  }
  return { access, target, requester: { kind: "anonymous" }, link };
}

/** Where a dashboard API request points: a workspace by slug, a share link by token, or the default workspace (the unscoped /api/… routes). */
export type Scope = { kind: "workspace"; slug: string } | { kind: "share"; token: string } | { kind: "default" };

/**
 * What `request` may do `action` in `scope`. `known`: who sent it, the workspace and the role, when
 * a page's render already looked them up from the same request (../server/firstScreen.ts); else
 * they are looked up here.
 */
export async function accessFor(
  app: App,
  request: Request,
  scope: Scope,
  action: Action,
  known?: KnownToPage,
): Promise<Granted> {
  switch (scope.kind) {
    case "workspace":
      return workspaceAccess(app, request, scope.slug, action, known);
    case "share":
      return shareAccess(app, request, scope.token, action);
    case "default": {
      const slug = await defaultSlug(app);
      if (!slug)
        throw refusal(
          "not_found",
          "No workspace is configured: set LINK_API_BASE_URL and LINK_API_KEY, or sign in and add one.",
        );
      return workspaceAccess(app, request, slug, action, known);
    }
  }
}
