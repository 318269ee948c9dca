import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorBody, statusToCode } from "../../contract/errors";
import { PoolBusy } from "../store/poolBusy";
import { respondError } from "./respond";
import { ClientGone, DeadlineExceeded } from "./requestWork";

const shorten = (url: string) => (url.length > 300 ? `${url.slice(0, 300)}…` : url);

function poolBusyMessage(err: PoolBusy): string {
  const why =
    err.why === "full"
      ? "every database connection is in use and the queue of statements waiting for one is full"
      : "every database connection stayed in use for as long as a statement may wait";
  return `The platform is busy: ${why}; retry in ${err.retryAfterSeconds} s.`;
}

/**
 * The app's onError: ApiError keeps its code and message (a deadline is also logged, as the one
 * sign on the platform's side of a query too slow to answer); a busy pool is the spec's 429 with a
 * Retry-After; Hono's own HTTP exceptions keep their status; a client that left gets nothing it
 * could read; anything else is a 500 whose details go to stderr only.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof DeadlineExceeded)
    console.warn(`[platform] ${c.req.method} ${shorten(c.req.url)} stopped at its ${err.deadlineMs / 1000} s deadline`);
  if (err instanceof ApiError) return respondError(c, err.status, err.toBody());
  if (err instanceof PoolBusy) {
    c.header("Retry-After", String(err.retryAfterSeconds));
    return respondError(c, 429, errorBody("rate_limit_exceeded", poolBusyMessage(err)));
  }
  // Written to a closed socket: the status only keeps it out of the 5xx a log reader would chase.
  if (err instanceof ClientGone) return respondError(c, 400, errorBody("bad_request", err.message));
  if (err instanceof HTTPException && err.status < 500) {
    const code = statusToCode(err.status);
    return respondError(c, err.status, errorBody(code, err.message || "The request could not be processed."));
  }
  console.error(`[platform] ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err.stack ?? err.message);
  return respondError(c, 500, errorBody("internal_server_error", "Unexpected server error"));
}
