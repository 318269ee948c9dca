import "server-only";
import { ApiError } from "../contract/errors";
import { errorResponse } from "../upstream/gatewayError";

function shortPath(request: Request): string {
  const path = new URL(request.url).pathname;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * What a GET-only route answers to POST, PUT, PATCH and DELETE (HEAD and OPTIONS stay Next's).
 * The spec has no 405: like the platform, a method a route does not serve is "nothing matches
 * the request URI", a 404 in the error shape instead of Next's bare 405.
 */
export function onlyGet(request: Request): Response {
  return errorResponse(
    new ApiError("not_found", `No route for ${request.method} ${shortPath(request)}; only GET is supported.`),
  );
}

/** A path under /api that no route serves. */
export function noRoute(request: Request): Response {
  return errorResponse(new ApiError("not_found", `No route for ${request.method} ${shortPath(request)}.`));
}
