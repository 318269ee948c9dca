import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "../../contract/errors";
import { api } from "../testing/client";
import { TestClock } from "../testing/clock";
import { limiterTimeFollows } from "../testing/limiterTime";
import { startInProcess, type InProcessPlatform } from "../testing/inProcess";
import { analytics } from "./analyticsTestClient";

/** GET /analytics: auth, plan rules (Pro and up, while /events stays Business+), errors, rate limits. */

function errorOf(body: unknown) {
  return errorBodySchema.parse(body).error;
}

describe("plans", () => {
  it("free: 403 forbidden, plan too low", async () => {
    const res = await api("/analytics?groupBy=count", { key: "free" });
    expect(res.status).toBe(403);
    const error = errorOf(res.body);
    expect(error.code).toBe("forbidden");
    expect(error.message).toMatch(/^plan too low: GET \/analytics requires the Pro plan or higher/);
  });

  it("pro: 200 with its own workspace's data, while /events stays 403 for pro", async () => {
    const [pro, business] = await Promise.all([
      analytics("count", { interval: "all" }, "pro"),
      analytics("count", { interval: "all" }, "business"),
    ]);
    expect(pro.clicks).toBeGreaterThan(0);
    expect(pro.clicks).not.toBe(business.clicks);
    const events = await api("/events", { key: "pro" });
    expect(events.status).toBe(403);
    expect(errorOf(events.body).message).toMatch(/Business plan/);
  });

  it("advanced works too; without credentials or with an unknown key, 401", async () => {
    expect((await analytics("countries", { interval: "all" }, "advanced")).length).toBeGreaterThan(0);
    for (const res of [await api("/analytics", { key: null }), await api("/analytics", { key: { raw: "nope" } })]) {
      expect(res.status).toBe(401);
      expect(errorOf(res.body).code).toBe("unauthorized");
    }
  });

  it("the plan is checked before the query string: a free key learns nothing from validation", async () => {
    const res = await api("/analytics?groupBy=bogus", { key: "free" });
    expect(res.status).toBe(403);
  });
});

describe("errors name the parameter", () => {
  it.each([
    ["groupBy=bogus", 422, "groupBy"],
    ["event=views", 422, "event"],
    ["granularity=day", 422, "granularity"],
    ["event=clicks&saleType=new", 422, "saleType"],
    ["event=leads&saleType=new", 422, "saleType"],
    ["event=clicks&query=metadata['plan']:'pro'", 422, "query"],
    ["key=spring", 422, "key"],
    ["timezone=Mars/Olympus", 422, "timezone"],
    ["start=yesterday", 400, "start"],
    ["country=US&country=DE", 400, "country"],
    ["start=2026-02-01&end=2026-01-01", 422, "start"],
  ])("%s → %i", async (qs, status, param) => {
    const res = await api(`/analytics?${qs}`);
    expect(res.status).toBe(status);
    const error = errorOf(res.body);
    expect(error.code).toBe(status === 400 ? "bad_request" : "unprocessable_entity");
    expect(error.message).toContain(param);
  });

  it("composite accepts saleType and query (they narrow sales and leads only)", async () => {
    expect((await api("/analytics?event=composite&saleType=new&query=metadata['plan']:'pro'")).status).toBe(200);
  });

  it("other methods are 404 not_found", async () => {
    const res = await api("/analytics", { method: "POST" });
    expect(res.status).toBe(404);
    expect(errorOf(res.body).code).toBe("not_found");
  });
});

describe("rate limit (real limits)", () => {
  // The real app in-process over the seeded file, with a clock of its own that the tests advance
  // (the rate limiter's time follows it): the platform process's scaled-up limits would never
  // refuse, and nothing here waits.
  const clock = new TestClock(new Date("2026-06-01T12:00:00.250Z"));
  let platform: InProcessPlatform;
  let advance: (ms: number) => void;
  beforeAll(async () => {
    platform = await startInProcess({ now: clock.now });
    advance = limiterTimeFollows(clock);
  });
  afterAll(() => {
    vi.useRealTimers();
    platform?.close();
  });

  const count = () => platform.request("/analytics?groupBy=count", { key: "pro" });

  it("pro: 2 per second; a third rapid request is 429 with Retry-After, and the next window serves again", async () => {
    const results = [await count(), await count(), await count()];
    expect(results.map((r) => r.status)).toEqual([200, 200, 429]);
    const third = results[2];
    expect(third.headers.get("x-ratelimit-limit")).toBe("2");
    expect(third.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(third.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(errorOf(third.body).code).toBe("rate_limit_exceeded");

    advance(retryAfter * 1000);
    expect((await count()).status).toBe(200);
  });

  it("/events and /analytics draw from the same per-second budget", async () => {
    advance(1100);
    const events = () => platform.request("/events", { key: "pro" });
    const statuses = [(await events()).status, (await count()).status, (await count()).status];
    expect(statuses).toEqual([403, 200, 429]);
  });
});
