import type { Role } from "../../access/roles";
import type { Database } from "../../db/openDatabase";
import { ResponseCache } from "../../upstream/cache";
import { createProxy } from "../../upstream/upstreamProxy";
import { RateBudgets } from "../../upstream/rateBudget";
import { buildApp, type App } from "../dashboardApp";
import { installPeerStamp, PEER_HEADER } from "../../http/peerStamp";
import { addressPolicyFrom } from "../../http/addressPolicy";
import { outboundAgent } from "../../http/outboundAgent";
import type { OidcSettings } from "../../auth/settings";
import type { Mailer } from "../../mail/mailer";
import { MovableClock } from "./movableClock";

export const ORIGIN = "http://127.0.0.1:3999";
export const SECRET = "test-secret-test-secret-test-secret-0123";
export const PASSWORD = "correct horse battery staple";
const LIMITS = { timeoutMs: 15_000, cacheTtlMs: 0 };

export interface TestApp {
  app: App;
  clock: MovableClock;
  /** A person with an account and `role` in each workspace named (slug → role); their session cookie. */
  person(email: string, roles: Record<string, Role>): Promise<{ userId: string; cookie: string }>;
  signIn(email: string, password?: string, ip?: string): Promise<Response>;
}

/**
 * Handlers are called here without a server: the address a request "came from" is written in the
 * header the server's stamp would write (../../http/peerStamp.ts), as a socket would give it, and
 * in X-Forwarded-For, as Next writes it when the client sent none (a test adds a forged one on top).
 */
export function fromAddress(ip: string): Record<string, string> {
  installPeerStamp();
  return { [PEER_HEADER]: ip, "x-forwarded-for": ip };
}

/**
 * A dashboard built as lib/server/dashboardRoot.ts builds one, on `database`, with sign-in configured (or
 * not), the environment's workspace `acme` (the business key) and, with sign-in, a second
 * workspace `globex` (the advanced key) added as an owner would, its key sealed. The platform's
 * address is allowed as LINK_API_BASE_URL's is; `allowedHosts` is LINK_API_ALLOWED_HOSTS.
 */
export async function testApp(
  database: Database,
  platformUrl: string,
  {
    signIn = true,
    cacheTtlMs = LIMITS.cacheTtlMs,
    allowedHosts,
    mailer = null,
    oidc = null,
  }: {
    signIn?: boolean;
    cacheTtlMs?: number;
    allowedHosts?: string;
    mailer?: Mailer | null;
    oidc?: OidcSettings | null;
  } = {},
): Promise<TestApp> {
  const limits = { ...LIMITS, cacheTtlMs };
  const clock = new MovableClock();
  const env = { LINK_API_BASE_URL: platformUrl, LINK_API_ALLOWED_HOSTS: allowedHosts };
  const addresses = addressPolicyFrom(env);
  const shared = {
    cache: new ResponseCache({ now: clock.now }),
    budgets: new RateBudgets(clock),
    dispatcher: outboundAgent(addresses),
  };
  const proxy = createProxy({
    config: { baseUrl: platformUrl, apiKey: "demo_business_key", ...limits },
    clock,
    ...shared,
  });
  const app = await buildApp({
    database,
    signIn: signIn ? { secret: SECRET, publicUrl: ORIGIN, oidc } : null,
    clock,
    env: { slug: "acme", name: "Acme", baseUrl: platformUrl, proxy, webhookSecret: null },
    shared,
    limits,
    addresses,
    libraryRateLimit: false,
    mailer,
  });
  if (app.keys && !(await app.workspaces.bySlug("globex"))) {
    await app.workspaces.add({
      slug: "globex",
      name: "Globex",
      baseUrl: platformUrl,
      keySealed: app.keys.seal("demo_advanced_key"),
    });
  }

  const signInRequest = (email: string, password = PASSWORD, ip = "203.0.113.7") =>
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...fromAddress(ip) },
      body: JSON.stringify({ email, password }),
    });

  return {
    app,
    clock,
    async signIn(email, password, ip) {
      const { authRoute } = await import("../../handlers/authRoute");
      return authRoute(app, signInRequest(email, password, ip));
    },
    async person(email, roles) {
      if (!app.auth) throw new Error("sign-in is not configured in this test app");
      const context = await app.auth.$context;
      const found = await context.internalAdapter.findUserByEmail(email);
      const userId =
        found?.user.id ??
        (await (async () => {
          const user = await context.internalAdapter.createUser(
            { email, name: email.split("@")[0], emailVerified: true },
            { method: "email-password" },
          );
          await context.internalAdapter.linkAccount({
            userId: user.id,
            providerId: "credential",
            accountId: user.id,
            password: await context.password.hash(PASSWORD),
          });
          return user.id;
        })());
      for (const [slug, role] of Object.entries(roles)) {
        const workspace = await app.workspaces.bySlug(slug);
        if (!workspace) throw new Error(`no workspace ${slug}`);
        await app.members.set(workspace.id, userId, role);
      }
      const response = await app.auth.handler(signInRequest(email));
      if (response.status !== 200)
        throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
      const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
      return { userId, cookie };
    },
  };
}

/** A request to the dashboard as a browser on its own page sends it. */
export function dashboardCall(
  path: string,
  { cookie, method = "GET", body, from }: { cookie?: string; method?: string; body?: unknown; from?: string } = {},
): Request {
  const headers = new Headers({ accept: "application/json", ...(from ? fromAddress(from) : {}) });
  if (cookie) headers.set("cookie", cookie);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
