import "server-only";
import { headers } from "next/headers";
import { requesterOf, type Person } from "../guard/requester";
import { workspacesOf, type WorkspaceJson } from "../handlers/workspaces";
import { dashboardApp } from "./dashboardRoot";

export interface AccountPage {
  person: Person;
  workspaces: WorkspaceJson[];
  twoFactorEnabled: boolean;
  /** Whether the person has a password (else they sign in through OIDC only, whose provider owns their second factor). */
  hasPassword: boolean;
  oidcName: string | null;
}

/** The signed-in person's own page: their workspaces (to leave one) and their sign-in's security. Null: nobody is signed in (or sign-in is off). */
export async function accountPage(): Promise<AccountPage | null> {
  const app = await dashboardApp();
  const requester = await requesterOf(app, new Headers(await headers()));
  if (requester.kind !== "person") return null;
  const { db } = app.database;
  const [workspaces, user, password] = await Promise.all([
    workspacesOf(app, requester),
    db.selectFrom("user").select("twoFactorEnabled").where("id", "=", requester.person.id).executeTakeFirst(),
    db
      .selectFrom("account")
      .select("id")
      .where("userId", "=", requester.person.id)
      .where("providerId", "=", "credential")
      .executeTakeFirst(),
  ]);
  return {
    person: requester.person,
    workspaces,
    twoFactorEnabled: user?.twoFactorEnabled === true,
    hasPassword: password !== undefined,
    oidcName: app.signIn?.oidc?.name ?? null,
  };
}
