import * as z from "./zod";
import { ApiError } from "./errors";

/**
 * Request bodies (JSON) read by a contract schema. The spec's split: a body that is not JSON, or
 * misses a required field or gives one of the wrong type, is 400 `bad_request`; a body of the
 * right shape whose values cannot be accepted (out of range, too many items, an invalid URL) is
 * 422 `unprocessable_entity`.
 */

/** Bodies are small: a bulk of 100 links is well under this. */
export const MAX_BODY_CHARS = 1_000_000;

function where(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "the body" : `"${path.map(String).join(".")}"`;
}

export function bodyProblem(issue: z.core.$ZodIssue): ApiError {
  const at = where(issue.path);
  if (issue.code === "invalid_type") {
    const missing = issue.input === undefined;
    return new ApiError(
      "bad_request",
      missing ? `Missing required field ${at}.` : `Invalid type for ${at}: ${issue.message}`,
    );
  }
  return new ApiError("unprocessable_entity", `Invalid value for ${at}: ${issue.message}`);
}

/** The body's text parsed as JSON, or a 400. */
export function parseJson(text: string): unknown {
  if (text.length > MAX_BODY_CHARS)
    throw new ApiError("unprocessable_entity", `The body is longer than ${MAX_BODY_CHARS} characters.`);
  if (text.trim() === "") throw new ApiError("bad_request", "The request has no body; expected JSON.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("bad_request", "The body is not valid JSON.");
  }
}

/** `value` read by `schema`, or the problem of its first issue. */
export function readBody<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw bodyProblem(result.error.issues[0]);
  return result.data;
}

/** Metadata as the hosted platform takes it: any JSON object, at most 10,000 characters serialized. */
export const MAX_METADATA_CHARS = 10_000;

export const metadataSchema = z.nullable(
  z
    .record(z.string(), z.unknown())
    .check(
      z.refine(
        (value) => JSON.stringify(value).length <= MAX_METADATA_CHARS,
        `metadata must serialize to at most ${MAX_METADATA_CHARS} characters`,
      ),
    ),
);

/** Text of `max` characters at most, which may be absent or null. */
export const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

/** Text of 1 to `max` characters. */
export const requiredText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
