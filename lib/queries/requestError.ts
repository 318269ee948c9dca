import { errorBodySchema } from "../contract/errors";
import { REFUSED_BY_HEADER, refusedByOf, type RefusedBy } from "../http/refusedBy";
import { retryAfterSeconds } from "../http/retryAfter";

/** A failed request to the dashboard's API, in one typed shape for every error state in the UI. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before retrying (429), when the reply said so. */
    readonly retryAfter: number | null = null,
    /** The platform refused the workspace's key, or a share link's lock refused the view (lib/http/refusedBy.ts). */
    readonly refusedBy: RefusedBy | null = null,
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
  const refusedBy = refusedByOf(response.headers.get(REFUSED_BY_HEADER));
  if (parsed.success)
    return new RequestError(response.status, parsed.data.error.code, parsed.data.error.message, retryAfter, refusedBy);
  const message = GENERIC[response.status] ?? `The request failed with status ${response.status}.`;
  return new RequestError(response.status, "unknown", message, retryAfter, refusedBy);
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
