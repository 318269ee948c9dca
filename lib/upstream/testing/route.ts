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
 * The proxy's answer to `query` with the platform's own answers asked just before and just after
 * it: the test platform's clock is the wall clock, so a relative range (the last 24 hours) may lose
 * an event between two requests; the proxy's body must be one of the platform's (both, when
 * nothing moved meanwhile).
 */
export async function bracketedMiss(
  route: RouteUnderTest,
  query: string,
): Promise<{ viaProxy: Response; around: [Response, Response] }> {
  const before = await route.direct(query);
  const viaProxy = await route.proxied(query);
  const after = await route.direct(query);
  return { viaProxy, around: [before, after] };
}

/**
 * A 200 the proxy fetched for this request, relayed as the platform gave it (`around`: its answers
 * just before and just after, bracketedMiss), or as `shown` makes the platform's body (the events'
 * redaction). Returns the body.
 */
export async function expectRelayedMiss(
  viaProxy: Response,
  around: [Response, Response],
  shown: (platformBody: string) => string = (body) => body,
): Promise<string> {
  expect(viaProxy.status).toBe(200);
  for (const platformAnswer of around) expect(platformAnswer.status).toBe(200);
  const body = await viaProxy.text();
  const platformBodies = await Promise.all(around.map(async (answer) => shown(await answer.text())));
  expect(platformBodies).toContain(body);
  expect(viaProxy.headers.get("content-type")).toBe("application/json");
  expect(viaProxy.headers.get("cache-control")).toBe("private, no-store");
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
    expect(viaProxy.headers.get(name)).toMatch(/^\d+$/);
  expect(viaProxy.headers.get("x-linklens-cache")).toBe("miss");
  return body;
}
