import "server-only";
import { headers } from "next/headers";
import { requesterOf, type Person } from "../guard/requester";
import { workspacesOf, type WorkspaceJson } from "../handlers/workspaces";
import { dashboardApp } from "./app";

export interface AccountPage {
  person: Person;
  workspaces: WorkspaceJson[];
}

/** The signed-in person's own page: their workspaces (to leave one) and their sign-in's security. Null: nobody is signed in (or sign-in is off). */
export async function accountPage(): Promise<AccountPage | null> {
  const app = await dashboardApp();
  const requester = await requesterOf(app, new Headers(await headers()));
  if (requester.kind !== "person") return null;
  return { person: requester.person, workspaces: await workspacesOf(app, requester) };
}
