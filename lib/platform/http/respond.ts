import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody } from "../../contract/errors";

export function respond<T>(c: Context, data: T, status: ContentfulStatusCode = 200): Response {
  return c.json(data, status);
}

export function respondError(c: Context, status: number, body: ErrorBody): Response {
  return c.json(body, status as ContentfulStatusCode);
}
