import "server-only";
import { ApiError } from "../contract/errors";
import { apiRefusal, apiResponseHeaders } from "../security/apiGate";
import { errorResponse } from "../upstream/gatewayError";

const publicUrl = process.env.PUBLIC_URL?.trim() || null;
const apiHeaders = Object.entries(apiResponseHeaders(publicUrl));

/** `response` with the API's security headers (a Response made by a handler; one whose headers cannot change is copied first). */
function withApiHeaders(response: Response): Response {
  let out = response;
  try {
    for (const [name, value] of apiHeaders) out.headers.set(name, value);
  } catch {
    out = new Response(response.body, response);
    for (const [name, value] of apiHeaders) out.headers.set(name, value);
  }
  return out;
}

/**
 * `handler` behind the checks proxy.ts makes for /api/* (lib/security/apiGate.ts), its answer with
 * the headers proxy.ts adds: for an API request answered without Next's proxy step
 * (./directReads.ts).
 */
export function gated<Args extends unknown[]>(
  handler: (request: Request, ...args: Args) => Promise<Response> | Response,
) {
  return async (request: Request, ...args: Args): Promise<Response> => {
    const refusal = apiRefusal(request, new URL(request.url), publicUrl);
    if (refusal) return withApiHeaders(errorResponse(new ApiError(refusal.code, refusal.message)));
    return withApiHeaders(await handler(request, ...args));
  };
}
