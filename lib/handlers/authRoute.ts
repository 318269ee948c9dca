import "server-only";
import { errorBody, statusToCode } from "../contract/errors";
import type { App } from "../dashboard/dashboardApp";
import { json, refuse, tooMany } from "../guard/refusal";
import { requesterOf } from "../guard/requester";
import * as z from "../contract/zod";
import { withClientAddress } from "../http/clientAddress";
import { readBody } from "./body";
import { workspacesOf } from "./workspaces";
import { answered } from "./guarded";

/** better-auth's error bodies (`{message, code}`) in the spec's shape, headers (cookies) kept. */
async function inSpecShape(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("json")) return response;
  const text = await response.text();
  let message = "";
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string")
      message = parsed.message;
  } catch {
    // not JSON after all
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(
    JSON.stringify(
      errorBody(statusToCode(response.status), message || `Sign-in failed with status ${response.status}.`),
    ),
    { status: response.status, headers },
  );
}

/** What the sign-in page sends; better-auth is handed exactly this, so the account it checks is the one counted. */
const signInBody = z.object({
  email: z.string().check(z.maxLength(254)),
  password: z.string().check(z.maxLength(1024)),
  rememberMe: z.optional(z.boolean()),
  callbackURL: z.optional(z.string().check(z.maxLength(2048))),
});

const resetRequestBody = z.object({ email: z.string().check(z.trim(), z.maxLength(254)) });

/**
 * A password-reset request: throttled per address and client before better-auth mails the link
 * (lib/auth/createAuth.ts); the answer is the same whether the address has an account or not.
 */
async function resetRequest(
  app: App,
  auth: NonNullable<App["auth"]>,
  request: Request,
  client: string,
): Promise<Response> {
  if (!app.mailer)
    return refuse(
      "unprocessable_entity",
      "Password reset by email needs a mail server (SMTP_URL), which this dashboard does not have: ask an owner to set one.",
    );
  if (!isJson(request))
    return refuse("bad_request", "A reset request takes a JSON body (Content-Type: application/json).");
  const body = await readBody(request, resetRequestBody);
  const verdict = await app.resetThrottle.take(body.email, client);
  if (!verdict.allowed) return tooMany("Too many password-reset requests; retry later.", verdict.retryAfterMs);
  return inSpecShape(await auth.handler(withClientAddress(request, client, JSON.stringify({ email: body.email }))));
}

function isJson(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase() === "application/json";
}

/**
 * /api/auth/*: better-auth (sessions, email + password, OIDC, sign-out, session lists), told the
 * client's address by us alone. A password sign-in passes the login throttle first, per account
 * and client: it takes JSON only (what the sign-in page sends; better-auth would also read a form,
 * which the throttle would then have to parse the same way), and better-auth is handed the body
 * as read here, so what is counted is what is checked.
 */
export const authRoute = (app: App, request: Request): Promise<Response> =>
  answered(async () => {
    if (!app.auth) return refuse("not_found", "Sign-in is not configured: set LINKLENS_SECRET.");
    const client = app.clientAddress(request.headers);
    // As better-auth's router would match it: any case, doubled or trailing slashes.
    const path = new URL(request.url).pathname
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "");
    if (request.method === "POST" && path.endsWith("/request-password-reset"))
      return resetRequest(app, app.auth, request, client);
    const isPasswordSignIn = request.method === "POST" && path.endsWith("/sign-in/email");
    if (!isPasswordSignIn) return inSpecShape(await app.auth.handler(withClientAddress(request, client)));
    if (!isJson(request)) return refuse("bad_request", "Sign-in takes a JSON body (Content-Type: application/json).");
    const body = await readBody(request, signInBody);
    const verdict = await app.throttle.check(body.email, client);
    if (!verdict.allowed) {
      return tooMany(
        verdict.subject === "account"
          ? "Too many failed sign-ins for this account; retry later."
          : "Too many failed sign-ins from this address; retry later.",
        verdict.retryAfterMs,
      );
    }
    const response = await app.auth.handler(withClientAddress(request, client, JSON.stringify(body)));
    if (response.status === 401) await app.throttle.failed(body.email, client);
    else if (response.ok) await app.throttle.succeeded(body.email, client);
    return inSpecShape(response);
  });

/** GET /api/me: who is signed in (null on the loopback dashboard without sign-in) and their workspaces. */
export async function meRoute(app: App, request: Request): Promise<Response> {
  const requester = await requesterOf(app, request.headers);
  if (requester.kind === "anonymous") return refuse("unauthorized", "Sign in to use this dashboard.");
  return json({
    person: requester.kind === "person" ? requester.person : null,
    signIn: app.signIn !== null,
    workspaces: await workspacesOf(app, requester),
  });
}
