import type { Context } from "hono";
import { parseJson, readBody } from "../../contract/body";
import { ApiError } from "../../contract/errors";
import type * as z from "../../contract/zod";
import type { StoreWriter } from "../write/storeWriter";
import { requireIdentity, type Identity } from "./auth";
import type { AppEnv } from "./context";

/** What every write endpoint starts with: the caller, the writer, the body read by its contract schema. */

export function requireWriter(writer: StoreWriter | null | undefined): StoreWriter {
  if (!writer)
    throw new ApiError(
      "forbidden",
      "This platform serves its store read-only; start it with --writable to accept writes.",
    );
  return writer;
}

/** The caller's identity and its body read by `schema`: credentials first, so callers without access learn nothing about validation. */
export async function writeRequest<S extends z.ZodMiniType>(
  c: Context<AppEnv>,
  schema: S,
): Promise<{ identity: Identity; body: z.output<S> }> {
  const identity = requireIdentity(c.get("auth"));
  const body = readBody(schema, parseJson(await c.req.text()));
  return { identity, body };
}
