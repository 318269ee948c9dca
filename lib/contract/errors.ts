import * as z from "./zod";

/** The spec's error codes and their HTTP statuses. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invite_expired: 410,
  unprocessable_entity: 422,
  rate_limit_exceeded: 429,
  internal_server_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ERROR_DOCS_BASE = "https://linklens.dev/docs/api-reference/errors";

export function docUrl(code: ErrorCode): string {
  return `${ERROR_DOCS_BASE}#${code.replaceAll("_", "-")}`;
}

export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string().check(z.minLength(1)),
    doc_url: z.url(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message, doc_url: docUrl(code) } };
}

/** Thrown by contract parsing and platform code; turned into the error body at the edge. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message);
  }
}

export function statusToCode(status: number): ErrorCode {
  const found = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? "internal_server_error" : "bad_request";
}
