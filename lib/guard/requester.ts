import "server-only";
import type { App } from "../dashboard/app";

export interface Person {
  id: string;
  name: string;
  email: string;
}

/** Who sends a request: the loopback dashboard's local user (no sign-in configured), a signed-in person, or nobody known. */
export type Requester = { kind: "local" } | { kind: "person"; person: Person; sessionId: string } | { kind: "anonymous" };

/** The request's session, looked up in the database on every request (so a revoked one is refused at once). */
export async function requesterOf(app: App, headers: Headers): Promise<Requester> {
  if (!app.auth) return { kind: "local" };
  const found = await app.auth.api.getSession({ headers });
  if (!found) return { kind: "anonymous" };
  const { user, session } = found;
  return { kind: "person", person: { id: user.id, name: user.name, email: user.email }, sessionId: session.id };
}
