import { errorBody, type ApiError, type ErrorBody, type ErrorCode } from "../contract/errors";

/**
 * A failure on the dashboard's side of the wire (platform unreachable, timed out, malformed reply,
 * dashboard misconfigured). The spec has no 502/504 codes, so these keep the spec's body shape
 * with `internal_server_error` while the HTTP status says what happened.
 */
export class GatewayError extends Error {
  readonly code: ErrorCode = "internal_server_error";
  constructor(
    readonly status: 500 | 502 | 504,
    message: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message);
  }
}

export const NO_STORE = "private, no-store";

export function jsonResponse(status: number, body: string, headers: HeadersInit = {}): Response {
  const out = new Headers(headers);
  out.set("Content-Type", "application/json");
  out.set("Cache-Control", NO_STORE);
  return new Response(body, { status, headers: out });
}

export function errorResponse(error: ApiError | GatewayError): Response {
  return jsonResponse(error.status, JSON.stringify(error.toBody()));
}
