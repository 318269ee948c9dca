import "server-only";
import type { App } from "../dashboard/dashboardApp";
import { refuse } from "../guard/refusal";
import { hasControlCharacter } from "../security/controlCharacters";
import { failure } from "../upstream/relay";
import { dashboardApp } from "./dashboardRoot";

/**
 * A route handler over the dashboard's parts: `run` gets the app (built once), the request and
 * the route's parameters. Anything thrown is answered in the spec's error shape, never a stack trace.
 */
export function route<P = Record<string, never>>(run: (app: App, request: Request, params: P) => Promise<Response>) {
  return async (request: Request, context?: { params: Promise<P> }): Promise<Response> => {
    try {
      const params = context ? await context.params : ({} as P);
      // proxy.ts refuses such paths first; a handler called another way gets the same answer.
      if (
        Object.values((params ?? {}) as Record<string, unknown>)
          .flat()
          .some((value) => typeof value === "string" && (hasControlCharacter(value) || value.includes("\ufffd")))
      ) {
        return refuse("bad_request", "The request path is not valid: it holds bytes that are not text.");
      }
      return await run(await dashboardApp(), request, params);
    } catch (error) {
      return failure(error);
    }
  };
}
