import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../../contract/errors";
import { strictEvents } from "../../contract/events";
import type { Db } from "../query/db";
import type { Store } from "../query/store";
import { createFixture, FIXTURE_KEYS, NOW, type Fixture } from "../query/testFixture";
import { createApp } from "./platformApp";
import { PoolBusy } from "../store/poolBusy";
import { UNKNOWN_KEY_TTL_MS } from "./auth";

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx?.close());

/** The fixture's store, reading through `db` when given. */
function app(options: { db?: Db; scale?: number; now?: () => Date } = {}) {
  const store: Store = options.db ? { ...fx.store, db: options.db } : fx.store;
  return createApp({
    store,
    now: options.now ?? (() => NOW),
    rateLimitScale: options.scale ?? 100,
    clientIp: () => "198.51.100.1",
  });
}

/**
 * The rate limiter reads the process's time and forgets windows on timers (./rateLimit.ts): both
 * held at the fixture's NOW, so a window never ends while a test runs, however slow the machine.
 */
function holdTimeAtNow() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());
}

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

describe("GET /events over app.request", () => {
  it("returns strict click events for a business key", async () => {
    const res = await app().request("/events?interval=24h", { headers: auth(FIXTURE_KEYS.business) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const events = strictEvents.events.parse(await res.json());
    expect(events.map((e) => e.event === "click" && e.click.id)).toEqual(["c1", "c2", "c3", "c5", "c4"]);
  });

  it("advanced and enterprise keys see their own workspace", async () => {
    const res = await app().request("/events", { headers: auth(FIXTURE_KEYS.advanced) });
    expect((await res.json()).map((e: { click: { id: string } }) => e.click.id)).toEqual(["g1", "g2"]);
    const ent = await app().request("/events", { headers: auth(FIXTURE_KEYS.enterprise) });
    expect(await ent.json()).toEqual([]);
  });

  it.each([
    ["no header", {}],
    ["empty bearer", { Authorization: "Bearer " }],
    ["wrong scheme", { Authorization: `Basic ${FIXTURE_KEYS.business}` }],
    ["bare key", { Authorization: FIXTURE_KEYS.business }],
    ["two tokens", { Authorization: `Bearer ${FIXTURE_KEYS.business} extra` }],
  ])("401 for %s", async (_label, headers) => {
    const res = await app().request("/events", { headers });
    expect(res.status).toBe(401);
    const error = await errorOf(res);
    expect(error.code).toBe("unauthorized");
    expect(error.message).toContain("Authorization: Bearer");
  });

  it("401 for an unknown key, and the scheme is case-insensitive", async () => {
    const res = await app().request("/events", { headers: auth("nope") });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe("Invalid API key.");
    const lower = await app().request("/events", { headers: { Authorization: `bearer ${FIXTURE_KEYS.business}` } });
    expect(lower.status).toBe(200);
  });

  it.each([
    [FIXTURE_KEYS.pro, "Pro"],
    [FIXTURE_KEYS.free, "Free"],
  ])("403 for plans below Business (%s)", async (key, label) => {
    const res = await app().request("/events", { headers: auth(key) });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error).toMatchObject({
      code: "forbidden",
      doc_url: "https://linklens.dev/docs/api-reference/errors#forbidden",
    });
    expect(error.message).toBe(
      `plan too low: GET /events requires the Business plan or higher (this workspace is on ${label})`,
    );
  });

  it("credentials are checked before the query string", async () => {
    expect((await app().request("/events?limit=abc")).status).toBe(401);
    expect((await app().request("/events?limit=abc", { headers: auth(FIXTURE_KEYS.pro) })).status).toBe(403);
    expect((await app().request("/events?limit=abc", { headers: auth(FIXTURE_KEYS.business) })).status).toBe(400);
  });

  it("400 and 422 carry the error shape", async () => {
    const bad = await app().request("/events?country=US&country=DE", { headers: auth(FIXTURE_KEYS.business) });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({ code: "bad_request", doc_url: expect.stringMatching(/#bad-request$/) });
    const invalid = await app().request("/events?key=spring", { headers: auth(FIXTURE_KEYS.business) });
    expect(invalid.status).toBe(422);
    expect(await errorOf(invalid)).toMatchObject({
      code: "unprocessable_entity",
      doc_url: expect.stringMatching(/#unprocessable-entity$/),
    });
  });

  it("404 for unknown paths and for other methods on /events", async () => {
    for (const [path, method] of [
      ["/nope", "GET"],
      ["/events/", "GET"],
      ["/", "GET"],
      ["/events", "POST"],
      ["/events", "DELETE"],
    ]) {
      const res = await app().request(path, { method, headers: auth(FIXTURE_KEYS.business) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
      expect(res.headers.get("X-RateLimit-Limit")).not.toBeNull();
    }
    expect((await app().request("/nope")).status).toBe(404);
  });

  it("an unexpected failure is a 500 without details", async () => {
    const broken: Db = {
      all: (sql, params) =>
        sql.includes("api_keys")
          ? fx.store.db.all(sql, params)
          : Promise.reject(new Error("disk on fire at /secret/path")),
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await app({ db: broken }).request("/events", { headers: auth(FIXTURE_KEYS.business) });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: {
          code: "internal_server_error",
          message: "Unexpected server error",
          doc_url: "https://linklens.dev/docs/api-reference/errors#internal-server-error",
        },
      });
      expect(text).not.toContain("secret");
      expect(res.headers.get("X-RateLimit-Remaining")).not.toBeNull();
    } finally {
      console.error = original;
    }
    expect(JSON.stringify(errors)).not.toContain(FIXTURE_KEYS.business);
  });
});

describe("unknown keys", () => {
  holdTimeAtNow();
  function counting() {
    const lookups: string[] = [];
    const db: Db = {
      all: (sql, params) => {
        // One key's lookup; the app's one read of every key (preload) names none.
        if (sql.includes("api_keys") && Object.hasOwn(params, "key_hash")) lookups.push(String(params.key_hash));
        return fx.store.db.all(sql, params);
      },
    };
    return { db, lookups };
  }

  it("are looked up once, then answered 401 without a lookup for a minute", async () => {
    const { db, lookups } = counting();
    let now = NOW.getTime();
    const a = app({ db, now: () => new Date(now) });
    for (let i = 0; i < 5; i++) {
      const res = await a.request("/events", { headers: auth("wrong_key") });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).message).toBe("Invalid API key.");
    }
    expect(lookups).toHaveLength(1);
    now += UNKNOWN_KEY_TTL_MS - 1;
    expect((await a.request("/events", { headers: auth("wrong_key") })).status).toBe(401);
    expect(lookups).toHaveLength(1);
    now += 1;
    expect((await a.request("/events", { headers: auth("wrong_key") })).status).toBe(401);
    expect(lookups).toHaveLength(2);
  });

  it("another unknown key is looked up on its own, and a valid key still authenticates", async () => {
    const { db, lookups } = counting();
    const a = app({ db });
    await a.request("/events", { headers: auth("wrong_one") });
    await a.request("/events", { headers: auth("wrong_two") });
    await a.request("/events", { headers: auth("wrong_one") });
    expect(lookups).toHaveLength(2);
    expect((await a.request("/events", { headers: auth(FIXTURE_KEYS.business) })).status).toBe(200);
  });

  it("still draw from the client IP's bucket when answered from memory", async () => {
    const a = app({ scale: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await a.request("/events", { headers: auth("same_wrong_key") })).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it("a flood of random keys costs no query past the IP's anonymous budget (60 per minute)", async () => {
    const statements: string[] = [];
    const db: Db = {
      all: (sql, params) => {
        statements.push(sql);
        return fx.store.db.all(sql, params);
      },
    };
    const a = app({ db, scale: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 500; i++) statuses.push((await a.request("/events", { headers: auth(`random_${i}`) })).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(440);
    // One read of every key, then one lookup per key the budget let through, and nothing else.
    expect(statements).toHaveLength(1 + 60);
    // The valid keys were read with the rest: known without a lookup, whatever the IP's budget.
    expect((await a.request("/events", { headers: auth(FIXTURE_KEYS.business) })).status).toBe(200);
    expect(statements.filter((sql) => sql.includes("api_keys"))).toHaveLength(1 + 60);
  });
});

describe("a busy database", () => {
  it("a statement refused by the pool is the spec's 429 with Retry-After", async () => {
    for (const why of ["full", "waited"] as const) {
      const db: Db = {
        all: (sql, params) =>
          sql.includes("api_keys") ? fx.store.db.all(sql, params) : Promise.reject(new PoolBusy(why, 2)),
      };
      const res = await app({ db }).request("/events", { headers: auth(FIXTURE_KEYS.business) });
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toBe("2");
      const error = await errorOf(res);
      expect(error.code).toBe("rate_limit_exceeded");
      expect(error.message).toMatch(/^The platform is busy: every database connection .*; retry in 2 s\.$/);
    }
  });
});

describe("rate limits over app.request", () => {
  holdTimeAtNow();
  it("business: 4 per second, then 429 with Retry-After; headers on every response", async () => {
    const a = app({ scale: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await a.request("/events", { headers: auth(FIXTURE_KEYS.business) });
      statuses.push(res.status);
      expect(res.headers.get("X-RateLimit-Limit")).toBe("4");
      expect(res.headers.get("X-RateLimit-Remaining")).toBe(String(Math.max(0, 3 - i)));
      expect(Number(res.headers.get("X-RateLimit-Reset"))).toBe(Math.ceil((NOW.getTime() + 1000) / 1000));
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBe("1");
        expect(await errorOf(res)).toMatchObject({ code: "rate_limit_exceeded" });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("errors count too: a pro key gets 403 twice, then 429", async () => {
    const a = app({ scale: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await a.request("/events", { headers: auth(FIXTURE_KEYS.pro) })).status);
    expect(statuses).toEqual([403, 403, 429]);
  });

  it("invalid credentials draw from the client IP's bucket of 60 per minute", async () => {
    const a = app({ scale: 1 });
    let last: Response | undefined;
    for (let i = 0; i < 61; i++) last = await a.request("/events", { headers: auth(`bad-${i}`) });
    expect(last?.status).toBe(429);
    expect(last?.headers.get("X-RateLimit-Limit")).toBe("60");
    expect(Number(last?.headers.get("Retry-After"))).toBe(60);
    // A valid key is not affected by the IP's bucket.
    expect((await a.request("/events", { headers: auth(FIXTURE_KEYS.business) })).status).toBe(200);
  });
});
