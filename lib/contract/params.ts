import * as z from "./zod";
import { ApiError, type ErrorCode } from "./errors";

/**
 * Query-string parameters read one by one into typed values. A parameter that cannot be read
 * becomes a structured problem (its name, the spec's status, a message naming it): the platform
 * and the proxy refuse the first one, the dashboard shows them all beside the view that still works.
 */

export type RawParams = Record<string, string>;

export interface QueryProblem {
  param: string;
  status: ErrorCode;
  message: string;
}

export function problemError(problem: QueryProblem): ApiError {
  return new ApiError(problem.status, problem.message);
}

/** Throws the first problem, if any. */
export function refuseFirst(problems: readonly QueryProblem[]): void {
  if (problems.length > 0) throw problemError(problems[0]);
}

type Ctx = z.core.ParsePayload;

/** Records why `param` is refused inside a transform; the parse then fails with that status. */
export function fail(ctx: Ctx, param: string, status: ErrorCode, message: string): never {
  ctx.issues.push({
    code: "custom",
    message: `Invalid value for "${param}": ${message}`,
    params: { status },
    input: ctx.value,
  });
  return z.NEVER as never;
}

/** Flatten URLSearchParams, refusing repeated parameters (lists are comma-separated). */
export function flattenParams(params: URLSearchParams): RawParams {
  // No prototype: "__proto__", "constructor" and the like are parameters like any other.
  const out: RawParams = Object.create(null) as RawParams;
  for (const [name, value] of params) {
    if (Object.hasOwn(out, name))
      throw new ApiError(
        "bad_request",
        `Parameter "${name}" is given more than once; pass several values comma-separated instead.`,
      );
    out[name] = value;
  }
  return out;
}

export function rawParams(params: URLSearchParams | RawParams): RawParams {
  return params instanceof URLSearchParams ? flattenParams(params) : params;
}

export function problemOf(param: string, issue: z.core.$ZodIssue): QueryProblem {
  const status = (issue as { params?: { status?: ErrorCode } }).params?.status;
  return status
    ? { param, status, message: issue.message }
    : { param, status: "bad_request", message: `Invalid value for "${param}": ${issue.message}` };
}

export type ParamShape = Record<string, z.ZodMiniType<unknown, string>>;
export type ParsedShape<S extends ParamShape> = { -readonly [K in keyof S]?: z.output<S[K]> };

/** Each parameter of `shape` present in `raw`, read in the shape's order; unknown parameters are ignored. */
export function readParams<S extends ParamShape>(
  shape: S,
  raw: RawParams,
): { parsed: ParsedShape<S>; problems: QueryProblem[] } {
  const parsed: ParsedShape<S> = {};
  const problems: QueryProblem[] = [];
  for (const param of Object.keys(shape) as (keyof S & string)[]) {
    if (!Object.hasOwn(raw, param)) continue;
    const result = shape[param].safeParse(raw[param]);
    if (result.success) parsed[param] = result.data as z.output<S[typeof param]>;
    else problems.push(problemOf(param, result.error.issues[0]));
  }
  return { parsed, problems };
}

/**
 * `schema` with the description the API document (openapiDocument.ts) gives it: written here, beside what it
 * describes, once. A later description replaces an earlier one (a helper's default).
 */
export function described<S extends z.ZodMiniType>(
  schema: S,
  description: string,
  more: Record<string, unknown> = {},
): S {
  return schema.check(z.meta({ description, ...more })) as S;
}

/**
 * A body's fields, each described (what the API document shows for it): the map names every
 * field of the shape, so a field added without its description does not compile.
 */
export function describeFields<S extends Record<string, z.ZodMiniType>>(
  shape: S,
  descriptions: { readonly [K in keyof S]: string },
): S {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, described(schema, descriptions[key])]),
  ) as S;
}

export function integer(param: string, min: number, max: number) {
  const schema = z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      if (!/^\d+$/.test(raw.trim())) return fail(ctx, param, "bad_request", `"${raw}" is not a whole number.`);
      const n = Number(raw.trim());
      if (n < min || n > max)
        return fail(ctx, param, "unprocessable_entity", `${n} is out of range; expected ${min} to ${max}.`);
      return n;
    }),
  );
  return described(schema, `A whole number from ${min} to ${max}.`, { pattern: "^\\d+$" });
}

export function oneOf<const T extends readonly string[]>(param: string, values: T) {
  const schema = z.pipe(
    z.string(),
    z.transform((raw: string, ctx): T[number] => {
      if ((values as readonly string[]).includes(raw)) return raw as T[number];
      return fail(ctx, param, "unprocessable_entity", `"${raw}" is not allowed; expected one of ${values.join(", ")}.`);
    }),
  );
  return described(schema, `One of ${values.join(", ")}.`, { enum: [...values] });
}

export function booleanParam(param: string) {
  const schema = z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      if (raw === "true" || raw === "false") return raw === "true";
      return fail(ctx, param, "bad_request", `"${raw}" is not a boolean; expected true or false.`);
    }),
  );
  return described(schema, "true or false.", { enum: ["true", "false"] });
}
