import { errorBodySchema } from "../contract/errors";
import { retryAfterSeconds } from "../http/retryAfter";

/** A failed request to the dashboard's API, in one typed shape for every error state in the UI. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before retrying (429), when the reply said so. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

const GENERIC: Record<number, string> = {
  401: "The API key was rejected.",
  403: "The API key is not allowed to read events.",
  429: "Too many requests.",
  502: "The platform could not be reached.",
  504: "The platform did not answer in time.",
};

export function requestErrorFrom(response: Response, body: unknown): RequestError {
  const parsed = errorBodySchema.safeParse(body);
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"), Date.now());
  if (parsed.success) return new RequestError(response.status, parsed.data.error.code, parsed.data.error.message, retryAfter);
  const message = GENERIC[response.status] ?? `The request failed with status ${response.status}.`;
  return new RequestError(response.status, "unknown", message, retryAfter);
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
