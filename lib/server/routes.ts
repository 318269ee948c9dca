import "server-only";
import type { App } from "../dashboard/app";
import { failure } from "../upstream/relay";
import { dashboardApp } from "./app";

/**
 * A route handler over the dashboard's parts: `run` gets the app (built once), the request and
 * the route's parameters. Anything thrown is answered in the spec's error shape, never a stack trace.
 */
export function route<P = Record<string, never>>(run: (app: App, request: Request, params: P) => Promise<Response>) {
  return async (request: Request, context?: { params: Promise<P> }): Promise<Response> => {
    try {
      const params = context ? await context.params : ({} as P);
      return await run(await dashboardApp(), request, params);
    } catch (error) {
      return failure(error);
    }
  };
}
