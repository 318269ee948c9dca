import "server-only";
import { ApiError, type ErrorCode } from "../contract/errors";
import { errorResponse, jsonResponse } from "../upstream/gatewayError";

/** A refusal to throw (from a guard, a body read, a handler): `guarded` and `route()` answer it in the spec's error shape. */
export function refusal(code: ErrorCode, message: string): ApiError {
  return new ApiError(code, message);
}

/** An answer in the spec's error shape. */
export function refuse(code: ErrorCode, message: string): Response {
  return errorResponse(new ApiError(code, message));
}

export function tooMany(message: string, retryAfterMs: number): Response {
  const error = new ApiError("rate_limit_exceeded", message);
  return jsonResponse(error.status, JSON.stringify(error.toBody()), {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return jsonResponse(status, JSON.stringify(body), headers);
}
