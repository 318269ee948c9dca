import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { capabilitiesOf, type Access, type Capabilities } from "../access/access";
import type { CommonQuery } from "../contract/query";
import type { App } from "../dashboard/dashboardApp";
import { roleIn, type KnownToPage } from "../guard/accessFor";
import { requesterOf, type Person, type Requester } from "../guard/requester";
import { ssoRefusal } from "../guard/ssoRequirement";
import { ENV_WORKSPACE_ID } from "../store/workspaces";
import { openShare } from "../guard/shareLink";
import { workspacesOf, type WorkspaceJson } from "../handlers/workspaces";
import { dashboardApp } from "./dashboardRoot";

/** The cookie naming the workspace a person last opened: `/` goes back to it. */
export const LAST_WORKSPACE_COOKIE = "linklens_ws";

export interface WorkspacePage {
  workspace: { slug: string; name: string; fromEnvironment: boolean; requireSso: boolean };
  access: Access;
  capabilities: Capabilities;
  workspaces: WorkspaceJson[];
  person: Person | null;
  signIn: boolean;
  oidcName: string | null;
}

async function requestHeaders(): Promise<Headers> {
  return new Headers(await headers());
}

/** Who the page request comes from, looked up once per render (`/`, the workspace screen it renders and its first screen's reads all ask). */
export const pageRequester = cache(
  async (): Promise<Requester> => requesterOf(await dashboardApp(), await requestHeaders()),
);

/** A workspace by slug, read once per render (the page's check and its first screen's reads ask). */
const pageWorkspace = cache(async (slug: string) => (await dashboardApp()).workspaces.bySlug(slug));

/** The requester's role in a workspace, read once per render. */
const pageRole = cache(async (workspaceId: string) => roleIn(await dashboardApp(), await pageRequester(), workspaceId));

/** What this render looked up of its request, for its first screen's access checks (../guard/accessFor.ts). */
export function knownToPage(): KnownToPage {
  return { requester: pageRequester(), workspace: pageWorkspace, role: pageRole };
}

/** The requester's workspaces, read once per render. */
const pageWorkspaces = cache(
  async (): Promise<WorkspaceJson[]> => workspacesOf(await dashboardApp(), await pageRequester()),
);

export async function signInOptions(): Promise<{
  signIn: boolean;
  oidcName: string | null;
  anyAccount: boolean;
  person: Person | null;
}> {
  const app = await dashboardApp();
  const requester = await pageRequester();
  return {
    signIn: app.signIn !== null,
    oidcName: app.signIn?.oidc?.name ?? null,
    anyAccount: await app.setup.anyAccount(),
    person: requester.kind === "person" ? requester.person : null,
  };
}

/**
 * Why a signed-in person sees the "no access" page: a workspace they are not (or no longer) a
 * member of, or one that does not exist (the two read the same: the page does not say which
 * slugs exist).
 */
export interface NoAccessPage {
  noAccess: { reason: "workspace" | "sso"; person: Person | null; workspaces: WorkspaceJson[] };
}

/** Nobody is signed in: the page sends them to sign in, and back to its own full address after (lib/scope/signInPath.ts). */
export interface SignInFirst {
  signInFirst: true;
}

/** A workspace's page: what the person may do there, or that they must sign in first, or have no access. */
export async function workspacePage(slug: string): Promise<WorkspacePage | SignInFirst | NoAccessPage> {
  const app = await dashboardApp();
  const requester = await pageRequester();
  if (requester.kind === "anonymous") return { signInFirst: true };
  const workspace = await pageWorkspace(slug);
  const role = workspace ? await pageRole(workspace.id) : null;
  if (!workspace || !role)
    return {
      noAccess: {
        reason: "workspace",
        person: requester.kind === "person" ? requester.person : null,
        workspaces: await pageWorkspaces(),
      },
    };
  if (ssoRefusal(app, requester, workspace))
    return {
      noAccess: {
        reason: "sso",
        person: requester.kind === "person" ? requester.person : null,
        workspaces: await pageWorkspaces(),
      },
    };
  const access: Access = {
    kind: "member",
    workspaceId: workspace.id,
    role,
    userId: requester.kind === "person" ? requester.person.id : null,
  };
  return {
    workspace: {
      slug: workspace.slug,
      name: workspace.name,
      fromEnvironment: workspace.id === ENV_WORKSPACE_ID,
      requireSso: workspace.require_sso,
    },
    access,
    capabilities: capabilitiesOf(access),
    workspaces: await pageWorkspaces(),
    person: requester.kind === "person" ? requester.person : null,
    signIn: app.signIn !== null,
    oidcName: app.signIn?.oidc?.name ?? null,
  };
}

/**
 * What `/` shows: the last (else the first) workspace's dashboard, rendered in place (no redirect
 * round trip), with a query (a shared or bookmarked view) or without one when the workspace has no
 * default view with a query of its own (`address`: the page then writes `/w/<slug>` into the
 * address bar itself). Else a redirect: to sign in, to the welcome page, or to the workspace at
 * its default view (`/w/<slug>?<view>`, so the address names the workspace and the view).
 */
export async function homeView(
  search: URLSearchParams,
): Promise<{ redirect: string } | SignInFirst | { slug: string; address: boolean }> {
  const app = await dashboardApp();
  const requester = await pageRequester();
  if (requester.kind === "anonymous")
    return app.setup && !(await app.setup.anyAccount()) ? { redirect: "/sign-in?setup=1" } : { signInFirst: true };
  const workspaces = await pageWorkspaces();
  if (workspaces.length === 0) return { redirect: "/welcome" };
  const last = (await cookies()).get(LAST_WORKSPACE_COOKIE)?.value;
  const slug = workspaces.find((w) => w.slug === last)?.slug ?? workspaces[0].slug;
  if (search.size > 0) return { slug, address: false };
  const workspace = await pageWorkspace(slug);
  const view = workspace?.default_view_id ? await app.views.get(workspace.id, workspace.default_view_id) : undefined;
  if (!view?.query) return { slug, address: true };
  return { redirect: `/w/${slug}${view.query}` };
}

export type SharePage =
  | {
      kind: "open";
      name: string;
      workspaceName: string;
      lock: CommonQuery;
      capabilities: Capabilities;
      expiresAt: string | null;
      /** The link's own view (its stored query), when the URL names none: the page renders it there. */
      view: string | null;
    }
  | { kind: "password"; name: string }
  | { kind: "gone"; message: string };

/**
 * A share link's page: the locked view (the link's own view when the URL names none: `view`, which
 * the page renders at that address, with no redirect), its password form, or why it no longer
 * opens. Opens are counted by the page itself, per visitor session
 * (components/share/CountVisit.tsx), not per render.
 */
export async function sharePage(token: string, search: URLSearchParams): Promise<SharePage> {
  const app: App = await dashboardApp();
  const opening = await openShare(app, await requestHeaders(), token);
  if (opening.kind === "closed") return { kind: "gone", message: opening.closed.text };
  if (opening.kind === "password") return { kind: "password", name: opening.link.name };
  const { link, lock, access, target } = opening;
  return {
    kind: "open",
    name: link.name,
    workspaceName: target.workspace.name,
    lock,
    capabilities: capabilitiesOf(access),
    expiresAt: link.expires_at ? new Date(link.expires_at).toISOString() : null,
    view: search.size === 0 && link.query ? link.query : null,
  };
}
