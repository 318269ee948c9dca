import "server-only";
import type { App } from "../dashboard/dashboardApp";

export interface Person {
  id: string;
  name: string;
  email: string;
}

/** Who sends a request: the loopback dashboard's local user (no sign-in configured), a signed-in person, or nobody known. */
export type Requester =
  | { kind: "local" }
  | { kind: "person"; person: Person; sessionId: string; viaSso: boolean }
  | { kind: "anonymous" };

/** Lookups in flight per app, by the requests' Cookie header (what names the session). */
const inFlight = new WeakMap<App, Map<string, Promise<Requester>>>();

async function lookUp(auth: NonNullable<App["auth"]>, headers: Headers): Promise<Requester> {
  const found = await auth.api.getSession({ headers });
  if (!found) return { kind: "anonymous" };
  const { user, session } = found;
  const viaSso = (session as { signInMethod?: string | null }).signInMethod === "oidc";
  return { kind: "person", person: { id: user.id, name: user.name, email: user.email }, sessionId: session.id, viaSso };
}

/**
 * The request's session, looked up in the database for every request (so a revoked one is
 * refused at once). Requests with the same cookies that arrive while a lookup is in flight (a
 * page and the first screen it fills, a view's requests sent together) share that lookup: nothing
 * is kept once it answers.
 */
export async function requesterOf(app: App, headers: Headers): Promise<Requester> {
  const auth = app.auth;
  if (!auth) return { kind: "local" };
  const cookie = headers.get("cookie");
  if (!cookie) return lookUp(auth, headers);
  let pending = inFlight.get(app);
  if (!pending) {
    pending = new Map();
    inFlight.set(app, pending);
  }
  const shared = pending.get(cookie);
  if (shared) return shared;
  const lookup = lookUp(auth, headers).finally(() => pending.delete(cookie));
  pending.set(cookie, lookup);
  return lookup;
}
