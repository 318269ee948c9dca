import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { errorBodySchema } from "@/lib/contract/errors";
import { dashboardRequest, useUpstream } from "@/lib/upstream/testing/env";
import * as catchAll from "./[...path]/route";
import * as analytics from "./analytics/route";
import * as events from "./events/route";
import * as exportRoute from "./export/route";
import * as shareAnalytics from "./s/[token]/analytics/route";
import * as shareUnlock from "./s/[token]/unlock/route";
import * as workspaceEvents from "./w/[slug]/events/route";
import * as workspaceViews from "./w/[slug]/views/route";

/**
 * Hostile query strings and headers through the dashboard's own route handlers, against the real
 * platform (as lib/platform/http/errors.int.test.ts does for the platform): a bounded, seeded fuzz.
 * No answer is a 5xx other than the gateway's 502/503/504, every error is in the spec's shape,
 * no reply carries a link's password or the key, and nothing throws.
 */

const KEY = "demo_business_key";
const SEED = 13;
const CASES = 300;

/** A route module's handler; its parameters, whatever their names, are handed over as Next would. */
type Handler = (request: Request, context?: { params: Promise<never> }) => Response | Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `param`: the route's path parameter, which the fuzz fills from PATH_VALUES (as Next decodes a path segment). */
const ROUTES: { path: string; handlers: Partial<Record<Method, Handler>>; param?: "slug" | "token" }[] = [
  { path: "/api/events", handlers: events },
  { path: "/api/analytics", handlers: analytics },
  { path: "/api/export", handlers: exportRoute },
  { path: "/api/nope/deeper", handlers: catchAll },
  { path: "/api/w/[slug]/events", handlers: workspaceEvents, param: "slug" },
  { path: "/api/w/[slug]/views", handlers: workspaceViews, param: "slug" },
  { path: "/api/s/[token]/analytics", handlers: shareAnalytics, param: "token" },
  { path: "/api/s/[token]/unlock", handlers: shareUnlock, param: "token" },
];

/** Path segments as an attacker writes them (`%00`, `%ff`, …) and as they arrive decoded. */
const PATH_VALUES = [
  "default",
  "DEFAULT",
  "nope",
  "\u0000",
  "\u0000default",
  "\n",
  "\r\n",
  "\u007f",
  "\ufffd",
  "%ff",
  "%00",
  "%",
  "ÿ",
  "../default",
  "default/../x",
  " ",
  "",
  "x".repeat(300),
  "😀",
  "\ud800",
];
const METHODS: Method[] = ["GET", "GET", "GET", "GET", "GET", "GET", "POST", "PUT", "PATCH", "DELETE"];

const NAMES = [
  ...[
    "event",
    "interval",
    "start",
    "end",
    "timezone",
    "page",
    "limit",
    "sortOrder",
    "sortBy",
    "order",
    "groupBy",
    "granularity",
    "columns",
    "revealIps",
  ],
  ...[
    "country",
    "city",
    "region",
    "continent",
    "device",
    "browser",
    "os",
    "trigger",
    "referer",
    "refererUrl",
    "url",
    "domain",
    "key",
    "linkId",
  ],
  ...[
    "externalId",
    "tenantId",
    "tagId",
    "tagIds",
    "folderId",
    "groupId",
    "partnerId",
    "partnerTagId",
    "customerId",
    "root",
    "saleType",
    "query",
    "qr",
    "programId",
    "utm_source",
  ],
  ...[
    "constructor",
    "toString",
    "__proto__",
    "hasOwnProperty",
    "valueOf",
    "prototype",
    "__defineGetter__",
    "then",
    "",
    " ",
    "a[b]",
    "x".repeat(300),
  ],
];

const VALUES = [
  ...[
    "",
    " ",
    "-",
    ",",
    ",,",
    "-,",
    "--US",
    "US,",
    "US,DE",
    "-US",
    "us",
    "0",
    "-1",
    "1.5",
    "1e309",
    "99999999999999999999",
    "NaN",
    "Infinity",
  ],
  ...[
    "true",
    "false",
    "null",
    "undefined",
    "[]",
    "{}",
    "%",
    "%zz",
    "%00",
    "\u0000",
    "\u202e",
    "\ud800",
    "😀".repeat(50),
    "<script>alert(1)</script>",
  ],
  ...[
    "'; DROP TABLE links;--",
    "../../etc/passwd",
    "metadata['plan']:'pro'",
    "metadata['a']:'b' AND metadata['c']:'d'",
    "2026-02-30",
    "2026-11-20T25:00:00Z",
  ],
  ...[
    "0001-01-01",
    "9999-12-31T23:59:59.999Z",
    "-9999-01-01",
    "2026-11-20T10:00:00+14:00",
    "all",
    "24h",
    "hour",
    "timeseries",
    "top_links",
    "countries",
  ],
  ...[
    "clicks",
    "leads",
    "sales",
    "composite",
    "desc",
    "asc",
    "new",
    "Europe/Berlin",
    "Mars/Olympus",
    "time,clickId,ip",
    "time,nope",
    "1",
    "1000",
    "1001",
  ],
  // What issue 21's attacker tried: invalid filters a share link once dropped, non-http destinations, formulas after spaces, internal hosts.
  ...[
    "US,ZZ1",
    "ZZ1",
    "-US,ZZ1",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    " =1+1",
    "\t=1",
    "http://2130706433",
    "http://0x7f.1",
    "http://[::ffff:127.0.0.1]",
    "169.254.169.254",
  ],
  "x".repeat(5_000),
  `metadata['plan']:'${"€".repeat(9_981)}'`,
];

/** Forged client addresses: none may pick a throttle's bucket or break a handler. */
const FORWARDED = [
  "198.51.100.1",
  "198.51.100.1, 203.0.113.9",
  "unknown",
  "",
  ",,,",
  "::ffff:127.0.0.1",
  "1.1.1.1".repeat(100),
  "[::1]:80",
  "127.0.0.1, evil",
];

const PRIORITIES = [
  "high",
  "low",
  "10",
  "-10",
  "100",
  "-100000",
  "1e9",
  "NaN",
  "constructor",
  "",
  "😀",
  "9".repeat(400),
];

/** As a browser encodes a query component; a lone surrogate becomes U+FFFD, as the URL parser makes it. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );
}

/** mulberry32: the same cases on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case {
  route: (typeof ROUTES)[number];
  method: Method;
  search: string;
  headers: Record<string, string>;
  param?: string;
}

function cases(): Case[] {
  const next = random(SEED);
  function pick<T>(list: readonly T[]): T {
    return list[Math.floor(next() * list.length)];
  }
  return Array.from({ length: CASES }, () => {
    const parts: string[] = [];
    for (let i = Math.floor(next() * 7); i > 0; i--) {
      const name = pick(NAMES);
      const value = pick(VALUES);
      // Mostly encoded as a browser would; sometimes raw, stray `%` and all.
      parts.push(next() < 0.8 ? `${encode(name)}=${encode(value)}` : `${name}=${value}`.replace(/[#\s]/g, "_"));
      if (next() < 0.1) parts.push(parts[parts.length - 1]);
    }
    const headers: Record<string, string> = {};
    if (next() < 0.5) headers["X-Linklens-Priority"] = pick(PRIORITIES);
    if (next() < 0.2) headers["X-Forwarded-For"] = pick(FORWARDED);
    if (next() < 0.2) headers.Authorization = `Bearer ${pick(["demo_free_key", "", "x".repeat(500)])}`;
    const route = pick(ROUTES);
    return {
      route,
      method: pick(METHODS),
      search: parts.join("&"),
      headers,
      param: route.param ? pick(PATH_VALUES) : undefined,
    };
  });
}

/** A header value as fetch accepts it (Latin-1, no control characters). */
function headerSafe(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, value.replace(/[^\x20-\x7e]/g, "?")]),
  );
}

describe("hostile requests through the dashboard's routes", () => {
  const logged: string[] = [];

  beforeAll(() => {
    useUpstream(inject("platformUrl"), KEY);
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void logged.push(args.map(String).join(" ")),
      );
    }
  });
  afterAll(() => {
    vi.restoreAllMocks();
    expect(logged.join("\n")).not.toContain(KEY);
  });

  it(`${CASES} seeded cases: no 5xx but the gateway's, every error in the spec's shape, nothing private`, async () => {
    const statuses = new Map<number, number>();
    for (const { route, method, search, headers, param } of cases()) {
      const label = `${method} ${route.path} ${JSON.stringify(param ?? null)}?${search.slice(0, 200)}`;
      const handler = route.handlers[method];
      expect(handler, label).toBeTypeOf("function");
      if (!handler) continue;
      const context = route.param
        ? { params: Promise.resolve({ [route.param]: param ?? "" }) as Promise<never> }
        : undefined;
      const response = await handler(
        dashboardRequest(`${route.path}?${search}`, { method, headers: headerSafe(headers) }),
        context,
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status < 500 || [502, 503, 504].includes(response.status), label).toBe(true);
      const type = response.headers.get("content-type") ?? "";
      if (response.status === 200 && route.path === "/api/export") {
        expect(type, label).toBe("text/csv; charset=utf-8");
        // The first page is enough: the rest would only page further.
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        await reader.cancel();
        expect(first, label).not.toContain(KEY);
        continue;
      }
      expect(type, label).toBe("application/json");
      const text = await response.text();
      expect(text, label).not.toContain(KEY);
      const body: unknown = JSON.parse(text);
      if (response.status === 200) {
        expect(route.path, label).not.toBe("/api/nope/deeper");
        if (route.path === "/api/events") expect(text, label).not.toMatch(/"password":/);
        continue;
      }
      expect(errorBodySchema.safeParse(body).success, `${label}\n${text.slice(0, 300)}`).toBe(true);
    }
    // The fuzz reaches the platform as well as the contract's refusals.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(2);
  }, 120_000);

  it.each(["constructor=1", "toString=x", "__proto__=1", "hasOwnProperty=1", "valueOf=2&limit=3"])(
    "?%s is an unknown parameter like any other on every route, not one given twice",
    async (search) => {
      for (const handle of [events.GET, analytics.GET]) {
        const response = await handle(dashboardRequest(`/api/x?${search}&interval=7d`));
        expect(response.status, search).toBe(200);
      }
      const csv = await exportRoute.GET(dashboardRequest(`/api/export?${search}&interval=24h&columns=clickId`));
      expect(csv.status).toBe(200);
      await csv.body?.cancel();
    },
  );

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)(
    "%s on every route is the spec's 404, naming the method",
    async (method) => {
      for (const { path, handlers } of ROUTES.filter((r) => !r.param)) {
        const handler = handlers[method];
        if (!handler) throw new Error(`${path} has no ${method} handler`);
        const response = await handler(dashboardRequest(path, { method }));
        expect(response.status).toBe(404);
        const { error } = errorBodySchema.parse(await response.json());
        expect(error.code).toBe("not_found");
        expect(error.message).toMatch(new RegExp(`^No route for ${method} ${path}`));
      }
    },
  );

  it("an unknown path under /api is the spec's 404 for GET too", async () => {
    const response = await catchAll.GET(dashboardRequest("/api/nope?x=1"));
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(await response.json()).error).toMatchObject({
      code: "not_found",
      message: "No route for GET /api/nope.",
    });
  });
});
