import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, errorBody, statusToCode } from "../../contract/errors";
import { respondError } from "./respond";

/**
 * The app's onError: ApiError keeps its code and message; Hono's own HTTP exceptions keep their
 * status; anything else is a 500 whose details go to stderr only.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return respondError(c, err.status, err.toBody());
  if (err instanceof HTTPException && err.status < 500) {
    const code = statusToCode(err.status);
    return respondError(c, err.status, errorBody(code, err.message || "The request could not be processed."));
  }
  console.error(`[platform] ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err.stack ?? err.message);
  return respondError(c, 500, errorBody("internal_server_error", "Unexpected server error"));
}
