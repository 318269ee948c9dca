import { expect, it } from "vitest";
import { errorBodySchema } from "../../contract/errors";
import { dashboardRequest } from "./env";
import type { CountingProxy } from "./servers";

interface RouteUnderTest {
  /** The platform's own answer, with the given key. */
  direct(query: string, key?: string): Promise<Response>;
  /** The dashboard's answer through `handle` (a route handler, or a test proxy's `forward`). */
  proxied(query: string, init?: RequestInit): Promise<Response>;
}

const search = (query: string) => (query ? `?${query}` : "");

/** A proxied endpoint seen from both sides: straight from the platform, and through `/api{path}`. */
export function routeUnderTest(
  platform: string,
  path: "/events" | "/analytics",
  handle: (request: Request) => Promise<Response>,
  key: string,
): RouteUnderTest {
  return {
    direct: (query, asKey = key) =>
      fetch(`${platform}${path}${search(query)}`, { headers: { Authorization: `Bearer ${asKey}` } }),
    proxied: (query, init = {}) => handle(dashboardRequest(`/api${path}${search(query)}`, init)),
  };
}

/**
 * Each bad query is refused before any upstream call, with the very error body the platform gives.
 * `counter` is the upstream the route's proxy is configured with.
 */
export function itRefusesBeforeUpstream(
  route: RouteUnderTest,
  counter: () => CountingProxy,
  cases: [string, 400 | 422][],
): void {
  it.each(cases)("?%s → %i", async (query, status) => {
    const before = counter().count();
    const response = await route.proxied(query);
    expect(response.status).toBe(status);
    const body: unknown = await response.json();
    expect(errorBodySchema.parse(body).error.code).toBe(status === 400 ? "bad_request" : "unprocessable_entity");
    expect(counter().count()).toBe(before);
    const platformAnswer = await route.direct(query);
    expect(platformAnswer.status).toBe(status);
    expect(body).toEqual(await platformAnswer.json());
  });
}

/**
 * A 200 the proxy fetched for this request, relayed as the platform gave it, or as `shown` makes
 * the platform's body (the events' redaction). Returns the body.
 */
export async function expectRelayedMiss(
  viaProxy: Response,
  viaPlatform: Response,
  shown: (platformBody: string) => string = (body) => body,
): Promise<string> {
  expect(viaProxy.status).toBe(200);
  expect(viaPlatform.status).toBe(200);
  const body = await viaProxy.text();
  expect(body).toBe(shown(await viaPlatform.text()));
  expect(viaProxy.headers.get("content-type")).toBe("application/json");
  expect(viaProxy.headers.get("cache-control")).toBe("private, no-store");
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
    expect(viaProxy.headers.get(name)).toMatch(/^\d+$/);
  expect(viaProxy.headers.get("x-linklens-cache")).toBe("miss");
  return body;
}
