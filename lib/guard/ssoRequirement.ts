import "server-only";
import type { App } from "../dashboard/dashboardApp";
import type { Workspace } from "../db/schema";
import type { Requester } from "./requester";

/**
 * Why `requester` may not open `workspace` yet: its owners require single sign-on and this
 * session was opened with a password. Null when it may. A requirement only holds while OIDC is
 * configured (without it nobody could meet it).
 */
export function ssoRefusal(
  app: App,
  requester: Requester,
  workspace: Pick<Workspace, "require_sso" | "name">,
): string | null {
  const oidc = app.signIn?.oidc;
  if (!workspace.require_sso || !oidc || requester.kind !== "person" || requester.viaSso) return null;
  return `${workspace.name} requires single sign-on: sign out, then sign in with "Sign in with ${oidc.name}".`;
}
