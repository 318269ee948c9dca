import "server-only";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { App } from "../dashboard/dashboardApp";
import type { Scope } from "../guard/accessFor";
import { analyticsRoute, eventsRoute } from "../handlers/data";
import { errorBody } from "../contract/errors";
import { compressedFor, MIN_COMPRESSED_BYTES } from "../http/compressedBody";
import { stampPeer } from "../http/peerStamp";
import { writesBodyItself, writtenBodyOf } from "../http/writtenBody";
import { dashboardApp } from "./dashboardRoot";
import { gated } from "./gated";
import { route } from "./routes";

/**
 * The reads a dashboard view sends most (…/events, …/analytics under /api, /api/w/<slug>/ and
 * /api/s/<token>/), answered as soon as Node parses the request, before Next's router: the checks
 * of proxy.ts (./gated.ts) and the same route functions the app/api route files export (the same
 * access check, cache and redaction), minus Next's own request path (its router, request and
 * response wrappers, the web stream it pipes a body through), which cost most of a cached reply's
 * CPU. A client elsewhere gets the body gzipped as Next would (../http/compressedBody.ts); a
 * browser on this machine gets it as it is (the route marks it `no-transform`). Anything else,
 * another method, or a request before the app is built, goes on to Next.
 */

const READ = /^\/api\/(?:(w|s)\/([^/?]+)\/)?(events|analytics)(?:\?|$)/;

type Params = Record<string, string>;
type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

const ROUTES = { events: eventsRoute, analytics: analyticsRoute };

/** A read in one kind of scope, as its route file in app/api makes it, behind proxy.ts's checks. */
function read(endpoint: keyof typeof ROUTES, scopeOf: (params: Params) => Scope): Handler {
  return gated(route<Params>((app, request, params) => ROUTES[endpoint](app, request, scopeOf(params))));
}

const SCOPES = {
  default: (): Scope => ({ kind: "default" }),
  w: (params: Params): Scope => ({ kind: "workspace", slug: params.slug }),
  s: (params: Params): Scope => ({ kind: "share", token: params.token }),
};

const HANDLERS: Record<keyof typeof SCOPES, Record<keyof typeof ROUTES, Handler>> = {
  default: { events: read("events", SCOPES.default), analytics: read("analytics", SCOPES.default) },
  w: { events: read("events", SCOPES.w), analytics: read("analytics", SCOPES.w) },
  s: { events: read("events", SCOPES.s), analytics: read("analytics", SCOPES.s) },
};

/** A path segment as Next gives it to a route (decoded); one that does not decode is passed as it is, and refused as not text. */
function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function headerPairs(message: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}

/** The headers Headers takes, one by one: those it refuses left out. */
function acceptedHeaders(pairs: readonly [string, string][]): Headers {
  const headers = new Headers();
  for (const [name, value] of pairs) {
    try {
      headers.append(name, value);
    } catch {
      // a name or value Headers refuses: Next would not pass it on either
    }
  }
  return headers;
}

/**
 * The route's Request, its headers checked once, by the Request itself (a Headers made first
 * would be checked, then copied and checked again); when one is refused, made again without it.
 */
function requestOf(url: string, method: string, pairs: [string, string][], signal: AbortSignal): Request {
  try {
    return new Request(url, { method, headers: pairs, signal });
  } catch {
    return new Request(url, { method, headers: acceptedHeaders(pairs), signal });
  }
}

async function send(message: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const raw = writtenBodyOf(response) ?? new Uint8Array(await response.arrayBuffer());
  const { body, encoding } = await compressedFor(
    message.headers["accept-encoding"],
    response.headers.get("cache-control"),
    raw,
  );
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length" || name === "content-encoding") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (raw.byteLength >= MIN_COMPRESSED_BYTES) {
    const vary = response.headers.get("vary");
    res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  if (encoding) res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", body.byteLength);
  res.end(message.method === "HEAD" ? undefined : body);
}

function failed(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "private, no-store");
  res.end(JSON.stringify(errorBody("internal_server_error", "Unexpected failure in the dashboard's proxy.")));
}

/**
 * Answers `message` if it is one of the reads, once `app` is built;
 * false leaves it to Next. `protocol` is the server's.
 */
export function answerDirectly(app: App, message: IncomingMessage, res: ServerResponse, protocol: string): boolean {
  if (message.method !== "GET" && message.method !== "HEAD") return false;
  const target = message.url ?? "";
  const match = READ.exec(target);
  if (!match) return false;
  stampPeer(message);
  const pairs = headerPairs(message);
  const [, scope, id, endpoint] = match as unknown as [string, "w" | "s" | undefined, string, "events" | "analytics"];
  const abort = new AbortController();
  let request: Request;
  try {
    // Next's own request URL names the server, not what the client says in Host (the checks read Host itself).
    request = requestOf(
      `${protocol}//localhost:${message.socket.localPort ?? 80}${target}`,
      message.method,
      pairs,
      abort.signal,
    );
  } catch {
    return false;
  }
  writesBodyItself(request);
  res.once("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const params: Record<string, string> =
    scope === "w" ? { slug: segment(id) } : scope === "s" ? { token: segment(id) } : {};
  const handler = HANDLERS[scope ?? "default"][endpoint];
  handler(request, { params: Promise.resolve(params) })
    .then((response) => send(message, res, response))
    .catch(() => failed(res));
  return true;
}

const INSTALLED = Symbol.for("linklens.directReads");
const marks = globalThis as typeof globalThis & { [INSTALLED]?: true };

/**
 * Once per process, in production (instrumentation.ts): the reads are answered before Next's
 * router. The dashboard's parts are built as Next builds them (lib/server/dashboardRoot.ts); until
 * they are, requests go to Next.
 */
export function installDirectReads(): void {
  if (marks[INSTALLED]) return;
  marks[INSTALLED] = true;
  let app: App | undefined;
  void dashboardApp().then(
    (built) => {
      app = built;
    },
    () => undefined,
  );
  const prototype = http.Server.prototype as { emit(event: string | symbol, ...args: unknown[]): boolean };
  const emit = prototype.emit;
  prototype.emit = function directEmit(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request" && app) {
      const [message, res] = args as [IncomingMessage, ServerResponse];
      try {
        if (answerDirectly(app, message, res, "http:")) return true;
      } catch {
        // never the server's crash: Next answers it
      }
    }
    return emit.call(this, event, ...args);
  };
}
