import { ApiError, errorBody, statusToCode } from "../contract/errors";
import { isAbort } from "../http/abort";
import { EncodedBodies } from "../http/encodedBody";
import { REFUSED_BY_HEADER } from "../http/refusedBy";
import { bytesReply } from "../http/writtenBody";
import type { CacheOutcome } from "./replyCache";
import type { UpstreamReply } from "./client";
import { bytesOf } from "./replyBytes";
import { GatewayError, NO_STORE, errorResponse, jsonResponse } from "./gatewayError";

/**
 * The key's limit holds for any reply; the window's state (remaining, reset, when to retry) only
 * for one made for this request or shared with it as it came: a kept reply's would be stale.
 */
const LIMIT_HEADERS = ["x-ratelimit-limit"] as const;
const WINDOW_HEADERS = ["x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"] as const;

/** `error.message` of a body in the spec's error shape, if it is one. */
export function upstreamErrorMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("error" in parsed)) return undefined;
    const error = parsed.error;
    if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string")
      return error.message;
  } catch {
    // not JSON
  }
  return undefined;
}

function relayedHeaders(reply: UpstreamReply, cache?: CacheOutcome): Headers {
  const headers = new Headers();
  for (const name of cache === "hit" ? LIMIT_HEADERS : [...LIMIT_HEADERS, ...WINDOW_HEADERS]) {
    const value = reply.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (cache) headers.set("X-Linklens-Cache", cache);
  // The platform refused the workspace's key itself (not a signed-out browser): the page stops asking and says so once.
  if (reply.status === 401) headers.set(REFUSED_BY_HEADER, "workspace-key");
  return headers;
}

/**
 * The platform's reply as the browser gets it: status and body unchanged, rate headers passed on
 * (a cache hit's window headers left out), `X-Linklens-Cache` saying where it came from, and a
 * 401 marked as the platform's refusal of the key (lib/http/refusedBy.ts).
 */
export function relay(reply: UpstreamReply, cache?: CacheOutcome): Response {
  let body = reply.body;
  if (reply.status >= 400 && upstreamErrorMessage(body) === undefined) {
    // An HTML page or a stranger's JSON is not relayed: whatever answered is not (or not only) a platform.
    body = JSON.stringify(
      errorBody(
        statusToCode(reply.status),
        `The link platform did not answer as a link attribution platform (status ${reply.status}, no error in the API's shape).`,
      ),
    );
  }
  return jsonResponse(reply.status, body, relayedHeaders(reply, cache));
}

/** Replies' bodies as UTF-8 bytes, made once per reply object (the in-process cache hands every hit the one it keeps). */
const encodedBodies = new EncodedBodies<UpstreamReply>();

/**
 * `relay` for a 200 with its body as bytes: those it was made from, else encoded once per kept
 * reply; anything else goes through `relay`. For a request whose server writes the body itself,
 * the bytes are handed over as they are (../http/writtenBody.ts).
 */
export function relayEncoded(reply: UpstreamReply, cache: CacheOutcome, request: Request): Response {
  if (reply.status !== 200) return relay(reply, cache);
  const headers = relayedHeaders(reply, cache);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", NO_STORE);
  return bytesReply(request, bytesOf(reply) ?? encodedBodies.utf8(reply, reply.body), { status: 200, headers });
}

/** The answer to a request its client abandoned: no one reads it, so it only has to be well formed. */
export function cancelled(): Response {
  return errorResponse(new GatewayError(502, "The request was cancelled."));
}

/** Every failure as a response in the spec's error shape; nothing from the environment leaks. */
export function failure(error: unknown): Response {
  if (error instanceof ApiError || error instanceof GatewayError) return errorResponse(error);
  if (isAbort(error)) return cancelled();
  console.error(`[linklens] unexpected proxy failure: ${error instanceof Error ? error.name : typeof error}`);
  return errorResponse(new GatewayError(500, "Unexpected failure in the dashboard's proxy."));
}
