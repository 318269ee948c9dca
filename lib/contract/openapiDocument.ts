import * as z from "./zod";
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from "./errors";
import { OPERATIONS, type Operation } from "./openapiOperations";

/**
 * The embedded platform's API as an OpenAPI 3.1 document, generated from the contract: every
 * operation of OPERATIONS, its parameters (the query shapes the platform parses with, each
 * described where it is defined), bodies and replies (zod 4's toJSONSchema, JSON Schema 2020-12,
 * which OpenAPI 3.1 takes as it is) and its errors in the spec's shape.
 */

type Json = Record<string, unknown>;

/** Every operation may answer these. */
const ALWAYS: readonly ErrorCode[] = ["bad_request", "unauthorized", "rate_limit_exceeded", "internal_server_error"];

const ERROR_MEANING: { readonly [C in ErrorCode]: string } = {
  bad_request: "The request is malformed: a missing required field, a wrong type, or a syntax error.",
  unauthorized: "No valid API key.",
  forbidden: "The key's plan or the platform does not allow this (a read-only platform refuses writes).",
  not_found: "Nothing matches the request URI, or the resource does not exist.",
  conflict: "Another resource already uses the same identifier.",
  invite_expired: "The invite has expired.",
  unprocessable_entity: "The request's values cannot be accepted.",
  rate_limit_exceeded: "Over the key's rate limit; retry after Retry-After seconds.",
  internal_server_error: "An unexpected condition.",
};

function jsonSchema(schema: z.ZodMiniType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any", reused: "inline" }) as Json;
  delete out.$schema;
  return out;
}

/** A schema's own description (its meta), if it has one. */
function descriptionOf(schema: z.ZodMiniType): string | undefined {
  const meta = z.globalRegistry.get(schema);
  return typeof meta?.description === "string" ? meta.description : undefined;
}

function parameters(op: Operation): Json[] {
  const out: Json[] = [];
  for (const [name, description] of Object.entries(op.pathParams ?? {})) {
    out.push({ name, in: "path", required: true, description, schema: { type: "string" } });
  }
  for (const [name, schema] of Object.entries(op.query ?? {})) {
    const { description, deprecated, ...rest } = jsonSchema(schema, "input");
    out.push({
      name,
      in: "query",
      required: false,
      description: description ?? descriptionOf(schema),
      ...(deprecated ? { deprecated: true } : {}),
      schema: rest,
    });
  }
  for (const [name, description] of Object.entries(op.repeated ?? {})) {
    out.push({
      name,
      in: "query",
      required: false,
      description,
      schema: { type: "array", items: { type: "string" } },
      style: "form",
      explode: true,
    });
  }
  return out;
}

function responses(op: Operation): Json {
  const content = op.reply
    ? { "application/json": { schema: jsonSchema(op.reply, "output") } }
    : { "application/json": { schema: {} } };
  const out: Json = { [op.created ? "201" : "200"]: { description: op.replyDescription, content } };
  const codes = [...new Set([...ALWAYS, ...op.errors])].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
  for (const code of codes) {
    out[String(ERROR_STATUS[code])] = {
      description: `${code}: ${ERROR_MEANING[code]}`,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return out;
}

function operation(op: Operation): Json {
  const limits = op.analyticsLimits ? "Per-second analytics limits of the plan." : "Per-minute limits of the plan.";
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: `${op.description} ${limits}${op.write ? " Needs a platform started with --writable (403 otherwise)." : ""}`,
    parameters: parameters(op),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } }
      : {}),
    responses: responses(op),
    ...(op.path === "/openapi.json" ? { security: [] } : {}),
  };
}

export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: "3.1.0",
    info: {
      title: "Linklens embedded platform API",
      version,
      description:
        "The link attribution platform's API as the embedded platform serves it: links, domains, tags, folders, customers, partners, tracking, events and analytics. Errors share one shape: { error: { code, message, doc_url } }.",
    },
    security: [{ bearer: [] }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer <the workspace's API key>." },
      },
      schemas: { Error: jsonSchema(errorBodySchema, "output") },
    },
  };
}
