import "server-only";
import { errorBody, statusToCode } from "../contract/errors";
import type { App } from "../dashboard/app";
import { json, refuse, tooMany } from "../guard/errors";
import { requesterOf } from "../guard/requester";
import { clientIp } from "./clientIp";
import { workspacesOf } from "./workspaces";

/** better-auth's error bodies (`{message, code}`) in the spec's shape, headers (cookies) kept. */
async function inSpecShape(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("json")) return response;
  const text = await response.text();
  let message = "";
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") message = parsed.message;
  } catch {
    // not JSON after all
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(errorBody(statusToCode(response.status), message || `Sign-in failed with status ${response.status}.`)), { status: response.status, headers });
}

async function emailOf(request: Request): Promise<string> {
  try {
    const body: unknown = await request.clone().json();
    return body && typeof body === "object" && "email" in body && typeof body.email === "string" ? body.email.slice(0, 254) : "";
  } catch {
    return "";
  }
}

/**
 * /api/auth/*: better-auth (sessions, email + password, OIDC, sign-out, session lists). Password
 * sign-ins pass the login throttle first, per account and per address; failures count, a success
 * clears the account's count.
 */
export async function authRoute(app: App, request: Request): Promise<Response> {
  if (!app.auth) return refuse("not_found", "Sign-in is not configured: set LINKLENS_SECRET.");
  const isPasswordSignIn = request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-in/email");
  if (!isPasswordSignIn) return inSpecShape(await app.auth.handler(request));
  const email = await emailOf(request);
  const ip = clientIp(request);
  const verdict = await app.throttle.check(email, ip);
  if (!verdict.allowed) {
    return tooMany(verdict.subject === "account" ? "Too many failed sign-ins for this account; retry later." : "Too many failed sign-ins from this address; retry later.", verdict.retryAfterMs);
  }
  const response = await app.auth.handler(request);
  if (response.status === 401) await app.throttle.failed(email, ip);
  else if (response.ok) await app.throttle.succeeded(email);
  return inSpecShape(response);
}

/** GET /api/me: who is signed in (null on the loopback dashboard without sign-in) and their workspaces. */
export async function meRoute(app: App, request: Request): Promise<Response> {
  const requester = await requesterOf(app, request.headers);
  if (requester.kind === "anonymous") return refuse("unauthorized", "Sign in to use this dashboard.");
  return json({ person: requester.kind === "person" ? requester.person : null, signIn: app.signIn !== null, workspaces: await workspacesOf(app, request.headers) });
}
