import type { Context } from "hono";
import { openApiDocument } from "../../contract/openapiDocument";
import type { AppEnv } from "./context";

/** GET /openapi.json: the API document, generated once from the contract; no key needed (the anonymous budget applies). */
export function openApiRoute(version: string) {
  let document: string | null = null;
  return (c: Context<AppEnv>): Response => {
    document ??= JSON.stringify(openApiDocument(version));
    return c.body(document, 200, { "Content-Type": "application/json; charset=utf-8" });
  };
}
