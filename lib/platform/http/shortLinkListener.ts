import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getPath, getQueryParam } from "hono/utils/url";
import { errorBody } from "../../contract/errors";
import type { ShortLinkResolver } from "./resolveRoute";

/**
 * Visits answered by Node's request handler itself, before the API's framework: a short link's
 * redirect is most of the platform's traffic, and building a fetch Request and Response around
 * each (hono and @hono/node-server) cost about as much as the rest of the visit. The answer is the
 * resolver's (resolveRoute.ts), read from the request as hono reads it (its path and query
 * parsers); anything else, refusals included, goes on to `next`, the app, which answers it as
 * before (a refused visit records no click, so answering it there changes nothing).
 */
export function withShortLinks(resolver: ShortLinkResolver, next: RequestListener): RequestListener {
  return (req, res) => {
    const url = directUrl(req);
    if (!url) return next(req, res);
    resolver
      .answer({
        method: req.method ?? "GET",
        path: getPath({ url } as Request),
        header: (name) => {
          const value = req.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        query: (name) => getQueryParam(url, name) as string | undefined,
        peer: req.socket.remoteAddress ?? "unknown",
      })
      .then((answer) => {
        if (!answer || answer.kind === "refused") return next(req, res);
        res.writeHead(302, { Location: locationHeader(answer.location), "Cache-Control": "no-store" }).end();
      })
      .catch((err: unknown) => fail(req, res, err));
  };
}

/** A Location header as hono's `c.redirect` writes it: a URL with characters past Latin-1 percent-encoded. */
function locationHeader(location: string): string {
  for (let i = 0; i < location.length; i++) if (location.charCodeAt(i) > 0xff) return encodeURI(location);
  return location;
}

/**
 * The request's URL as @hono/node-server builds it, for a GET or HEAD with a relative target and
 * a Host header that parse cleanly; null for anything else (the app answers it, or refuses it).
 */
function directUrl(req: IncomingMessage): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const target = req.url ?? "";
  const host = req.headers.host;
  if (target[0] !== "/" || !host) return null;
  const backslash = target.indexOf("\\");
  if (backslash !== -1) {
    const query = target.indexOf("?");
    if (query === -1 || backslash < query) return null;
  }
  const scheme = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  try {
    const url = new URL(`${scheme}://${host}${target}`);
    if (url.hostname.length !== host.length && url.hostname !== host.replace(/:\d+$/, "")) return null;
    return url.href;
  } catch {
    return null;
  }
}

function fail(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  console.error(
    `[platform] ${req.method} ${req.url?.split("?")[0]} failed:`,
    err instanceof Error ? (err.stack ?? err.message) : err,
  );
  if (res.headersSent) return void res.destroy();
  res
    .writeHead(500, { "Content-Type": "application/json" })
    .end(JSON.stringify(errorBody("internal_server_error", "Unexpected server error")));
}
