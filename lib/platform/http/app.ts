import { Hono, type Context } from "hono";
import { ApiError, errorBody } from "../../contract/errors";
import type { Db } from "../query/db";
import { KeyResolver, type AuthResult } from "./auth";
import { socketIp } from "./clientIp";
import type { AppEnv } from "./context";
import { analyticsRoute } from "./analytics";
import { handleError } from "./errors";
import { eventsRoute } from "./events";
import { respondError } from "./respond";
import { budgetFor, rateLimitHeaders, rateLimitMessage, RateLimiter, type Caller } from "./rateLimit";

export interface AppDeps {
  db: Db;
  now?: () => Date;
  rateLimiter?: RateLimiter;
  /** Multiplies every rate limit; tests only. */
  rateLimitScale?: number;
  clientIp?: (c: Context) => string;
}

const anonymous: AuthResult = { ok: false, message: "unidentified" };

function callerOf(auth: AuthResult, ip: string): Caller {
  return auth.ok ? { kind: "key", id: auth.identity.keyHash, plan: auth.identity.plan } : { kind: "anonymous", ip };
}

function shorten(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const limiter = deps.rateLimiter ?? new RateLimiter(() => now().getTime());
  const clientIp = deps.clientIp ?? socketIp;
  const keys = new KeyResolver(deps.db, () => now().getTime());
  const app = new Hono<AppEnv>();

  const limit = (c: Context, auth: AuthResult) => {
    const decision = limiter.hit(budgetFor(callerOf(auth, clientIp(c)), c.req.path, deps.rateLimitScale));
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
    c.header("Cache-Control", "no-store");
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfter));
      throw new ApiError("rate_limit_exceeded", rateLimitMessage(decision));
    }
  };

  // Every request, known path or not: identify the caller, then draw from its budget. Headers
  // set on the context here are kept by the error and 404 responses built from it.
  app.use("*", async (c, next) => {
    let auth: AuthResult;
    try {
      auth = await keys.authenticate(c.req.header("Authorization"));
    } catch (err) {
      limit(c, anonymous);
      throw err;
    }
    c.set("auth", auth);
    limit(c, auth);
    await next();
  });

  app.get("/events", eventsRoute(deps.db, now));
  app.get("/analytics", analyticsRoute(deps.db, now));
  // The spec has no 405: another method on a known path is "nothing matches the request URI".
  app.all("/events", (c) => {
    throw new ApiError("not_found", `No route for ${c.req.method} /events; only GET is supported.`);
  });
  app.notFound((c) => respondError(c, 404, errorBody("not_found", `No route for ${c.req.method} ${shorten(c.req.path)}.`)));
  app.onError(handleError);
  return app;
}
