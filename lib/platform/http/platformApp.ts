import { Hono, type Context } from "hono";
import { ApiError, errorBody } from "../../contract/errors";
import { forRequest, type Store } from "../query/store";
import { realTimers, type Timers } from "../timers";
import type { StoreWriter } from "../write/storeWriter";
import { KeyResolver, type AuthResult, type Identity } from "./auth";
import { socketIp } from "./clientIp";
import type { AppEnv } from "./context";
import { analyticsRoute } from "./analyticsRoute";
import { handleError } from "./handleError";
import { eventsRoute } from "./eventsRoute";
import { LIST_ROUTES } from "./lists";
import { customerByIdRoutes } from "./customerById";
import { domainRoutes } from "./domainRoutes";
import { groupRoutes } from "./groupRoutes";
import { linkByIdRoutes } from "./linkById";
import { tagFolderRoutes } from "./tagFolderRoutes";
import { linkRoutes } from "./linkRoutes";
import { openApiRoute } from "./openapi";
import { respondError } from "./respond";
import { resolverMiddleware, ShortLinkResolver } from "./resolveRoute";
import { trackClickRoute, trackLeadRoute, trackSaleRoute } from "./trackRoutes";
import { createWebhookRoute, listWebhooksRoute } from "./webhookRoutes";
import { budgetFor, rateLimitHeaders, rateLimitMessage, RateLimiter, type Caller } from "./rateLimit";
import { QUERY_DEADLINE_MS, startRequestWork } from "./requestWork";

export interface AppDeps {
  /** The opened platform's store (../openPlatform.ts). */
  store: Store;
  /** The store's writer; without one (a read-only platform) the write endpoints answer 403. */
  writer?: StoreWriter | null;
  /** The time the app reads (keys, tracking, deadlines); rate windows read the process's (./rateLimit.ts). */
  now?: () => Date;
  /** Schedules each request's deadline; tests pass their clock. */
  timers?: Timers;
  /** How long a request's statements may run; QUERY_DEADLINE_MS unless a test says otherwise. */
  deadlineMs?: number;
  rateLimiter?: RateLimiter;
  /** Multiplies every rate limit; tests only. */
  rateLimitScale?: number;
  clientIp?: (c: Context) => string;
  /** Uniform in [0, 1), for A/B test variants; tests pass their own. */
  random?: () => number;
  /** The short-link resolver, when the server also answers visits without the app (nodeListener.ts); else one of the app's own. */
  resolver?: ShortLinkResolver;
}

/** The interface's version, as the spec gives it. */
const API_VERSION = "0.0.1";

function keyCaller(identity: Identity): Caller {
  return { kind: "key", id: identity.keyHash, plan: identity.plan };
}

function shorten(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const timers = deps.timers ?? realTimers;
  const limiter = deps.rateLimiter ?? new RateLimiter();
  const clientIp = deps.clientIp ?? socketIp;
  const keys = new KeyResolver(deps.store.db, () => now().getTime());
  const app = new Hono<AppEnv>();

  const limit = async (c: Context, caller: Caller) => {
    const decision = await limiter.hit(budgetFor(caller, c.req.path, deps.rateLimitScale));
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
    c.header("Cache-Control", "no-store");
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfter));
      throw new ApiError("rate_limit_exceeded", rateLimitMessage(decision));
    }
  };

  /**
   * Identifies the caller and draws from its budget. Every key is read once, on the first
   * request, so a valid key is known and draws from its own budget only. Anything else (no key, a
   * malformed or unknown one) first draws from its IP's anonymous budget and only then may cost a
   * lookup: a flood of random keys costs no query past that budget (a key added since the
   * preload, once the store is writable, is found by that lookup and draws from its own budget too).
   */
  const admit = async (c: Context<AppEnv>, store: Store): Promise<AuthResult> => {
    await keys.preload();
    const header = c.req.header("Authorization");
    const known = keys.known(header);
    if (known) {
      await limit(c, keyCaller(known));
      return { ok: true, identity: known };
    }
    await limit(c, { kind: "anonymous", ip: clientIp(c) });
    const auth = await keys.authenticate(header, store.db);
    if (auth.ok) await limit(c, keyCaller(auth.identity));
    return auth;
  };

  // Short links first: a visitor has no key, and its clicks draw from no API budget.
  const resolver =
    deps.resolver ??
    new ShortLinkResolver({ store: deps.store, writer: deps.writer, now, random: deps.random ?? Math.random });
  app.use("*", resolverMiddleware(resolver, clientIp));

  // Every request, known path or not. Headers set on the context here are kept by the error and
  // 404 responses built from it.
  app.use("*", async (c, next) => {
    // Visits are answered from the journal before their clicks reach the store: every other request
    // waits for those answered so far (nothing to wait for when idle), so it sees each of them. A
    // write (every route but GET's) reads no rollup: it does not wait for them to take the latest events.
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if (deps.writer) await deps.writer.caughtUp({ rollups: reads });
    const work = startRequestWork(c.req.raw.signal, timers, deps.deadlineMs ?? QUERY_DEADLINE_MS);
    try {
      const store = forRequest(deps.store, work.signal);
      c.set("store", store);
      c.set("auth", await admit(c, store));
      await next();
    } finally {
      work.end();
    }
  });

  app.get("/openapi.json", openApiRoute(API_VERSION));
  app.get("/events", eventsRoute(now));
  app.get("/analytics", analyticsRoute(now));
  app.post("/track/click", trackClickRoute(deps.writer, now, clientIp));
  app.post("/track/lead", trackLeadRoute(deps.writer, now));
  app.post("/track/sale", trackSaleRoute(deps.writer, now));
  for (const { method, path, route } of linkRoutes(deps.writer, now)) app[method](path, route);
  for (const { method, path, route } of linkByIdRoutes(deps.writer, now)) app[method](path, route);
  for (const { method, path, route } of customerByIdRoutes(deps.writer)) app[method](path, route);
  for (const { method, path, route } of tagFolderRoutes(deps.writer, now)) app[method](path, route);
  for (const { method, path, route } of domainRoutes(deps.writer)) app[method](path, route);
  for (const { method, path, route } of groupRoutes(deps.writer, now)) app[method](path, route);
  app.post("/webhooks", createWebhookRoute(deps.writer, now));
  app.get("/webhooks", listWebhooksRoute(deps.writer));
  for (const [path, route] of Object.entries(LIST_ROUTES)) app.get(path, route);
  // The spec has no 405: another method on a known path is "nothing matches the request URI".
  for (const path of ["/events", ...Object.keys(LIST_ROUTES)]) {
    app.all(path, (c) => {
      throw new ApiError(
        "not_found",
        `No route for ${c.req.method} ${path}${path === "/events" ? "; only GET is supported" : ""}.`,
      );
    });
  }
  app.notFound((c) =>
    respondError(c, 404, errorBody("not_found", `No route for ${c.req.method} ${shorten(c.req.path)}.`)),
  );
  app.onError(handleError);
  return app;
}
