import "server-only";
import * as z from "../contract/zod";
import { refusal } from "../guard/refusal";

const MAX_BODY_BYTES = 16 * 1024;

/** A JSON body read with `schema`: the data; else it throws the spec's 400 (not JSON) or 422 (invalid fields) naming the first problem. */
export async function readBody<T>(request: Request, schema: z.ZodMiniType<T>): Promise<T> {
  const text = await request.text().catch(() => "");
  if (text.length > MAX_BODY_BYTES)
    throw refusal("unprocessable_entity", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  let raw: unknown;
  try {
    raw = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw refusal("bad_request", "The request body is not JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.length > 0 ? `"${issue.path.join(".")}": ` : "";
  throw refusal("unprocessable_entity", `Invalid value for ${where}${issue.message}`);
}

export const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
export const email = z.string().check(z.trim(), z.toLowerCase(), z.email(), z.maxLength(254));
export const password = z.string().check(z.minLength(10), z.maxLength(128));

/** A view's URL state: at most 8000 characters, read and written again as a query string so nothing but parameters is kept. */
export const viewQuery = z.pipe(
  z.string().check(z.maxLength(8000)),
  z.transform((raw: string) => {
    const search = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw).toString();
    return search ? `?${search}` : "";
  }),
);
