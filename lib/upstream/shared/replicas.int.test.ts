import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { startPlatform, type RunningPlatform } from "../../platform/testing/spawnPlatform";
import { realClock } from "../clock";
import { upstreamConfig } from "../config";
import { createProxy, type Proxy } from "../upstreamProxy";
import { onRedis, type OnRedis } from "../replicaParts";
import { dispatcherFor } from "../testing/dispatcher";
import { dashboardRequest } from "../testing/env";
import { until } from "../testing/quiet";
import { startRedis, type RunningRedis } from "../testing/redisServer";
import { startCountingProxy, type CountingProxy, type Forwarded } from "../testing/servers";

/**
 * Three dashboard proxies sharing one real redis-server in front of one real platform with its
 * real limits (a process of our own, so no other file draws from the same windows): the Pro key,
 * 2 analytics requests a second. The platform counts on its own clock, so the proxies run on the
 * real clock; the tests assert what reached the platform and what the viewers got, never how long
 * anything took. Which replica sent a request is told by its query (each asks its own countries).
 */

const PLAN_PER_SECOND = 2;
const REPLICAS = 3;
const COUNTRIES = [
  "US",
  "DE",
  "FR",
  "GB",
  "NL",
  "ES",
  "IT",
  "SE",
  "NO",
  "DK",
  "FI",
  "PL",
  "AT",
  "BE",
  "CH",
  "IE",
  "PT",
  "CZ",
  "JP",
  "BR",
  "CA",
];

/** The most requests that reached the platform within any second. */
function busiestSecond(seen: readonly Forwarded[]): number {
  const times = seen.map((s) => s.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j] - times[i] >= 1_000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe("replicas sharing Redis, against the platform's real limits", () => {
  let platform: RunningPlatform;
  let counter: CountingProxy;
  let redis: RunningRedis;
  let replicas: OnRedis[];
  let proxies: Proxy[];
  let warnings: string[];

  beforeAll(async () => {
    platform = await startPlatform(["--data", inject("dataFile"), "--port", "0"]);
    counter = await startCountingProxy(platform.url);
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
    await counter?.close();
    await platform?.stop();
  });
  beforeEach(async () => {
    if (redis.pid === undefined) await redis.restart();
    // The key's shared window stays: the previous test's last requests may still be in the platform's.
    await redis.flush("linklens:window:");
    warnings = [];
    replicas = Array.from({ length: REPLICAS }, () =>
      onRedis(redis.url, REPLICAS, realClock, (message) => warnings.push(message)),
    );
    const config = upstreamConfig({ LINK_API_BASE_URL: counter.url, LINK_API_KEY: "demo_pro_key" });
    const dispatcher = dispatcherFor({ LINK_API_BASE_URL: counter.url });
    proxies = replicas.map(({ cache, budgets }) =>
      createProxy({ config, clock: realClock, cache, budgets, dispatcher }),
    );
    await until(() => replicas.every((r) => r.link.idle));
  });
  afterEach(() => {
    for (const replica of replicas) replica.close();
  });

  const analytics = (replica: number, query: string) =>
    proxies[replica].forward("analytics", dashboardRequest(`/api/analytics?${query}`));
  /** Replica r's n-th query of its own. */
  const own = (replica: number, n: number) => `interval=30d&groupBy=count&country=${COUNTRIES[replica * 7 + n]}`;
  const platformSince = (before: number) => counter.seen.slice(before);

  it("identical concurrent requests from every replica cost one upstream call, and its reply is a hit for all of them afterwards", async () => {
    const before = counter.seen.length;
    const query = "interval=30d&groupBy=countries";
    const responses = await Promise.all(Array.from({ length: 9 }, (_, i) => analytics(i % REPLICAS, query)));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(9).fill(200));
    expect(platformSince(before)).toHaveLength(1);
    const outcomes = responses.map((r) => r.headers.get("x-linklens-cache"));
    expect(outcomes.filter((o) => o === "miss")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "shared")).toHaveLength(8);
    const bodies = new Set(await Promise.all(responses.map((r) => r.text())));
    expect(bodies.size).toBe(1);

    const later = await Promise.all(Array.from({ length: REPLICAS }, (_, r) => analytics(r, query)));
    expect(later.map((r) => r.headers.get("x-linklens-cache"))).toEqual(["hit", "hit", "hit"]);
    expect(platformSince(before)).toHaveLength(1);
  });

  it("a burst of distinct requests on every replica reaches the platform within the plan: no 429, no second over 2", async () => {
    const before = counter.seen.length;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => analytics(i % REPLICAS, own(i % REPLICAS, Math.floor(i / REPLICAS)))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array<number>(12).fill(200));
    const seen = platformSince(before);
    expect(seen.map((s) => s.status)).toEqual(Array<number>(12).fill(200));
    expect(busiestSecond(seen)).toBeLessThanOrEqual(PLAN_PER_SECOND);
  }, 60_000);

  it("Redis killed mid-test: no request fails, each replica sends at 1/N of the plan and together within it; back to Redis once it is restarted", async () => {
    const before = counter.seen.length;
    const first = await Promise.all(Array.from({ length: REPLICAS }, (_, r) => analytics(r, own(r, 0))));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);

    await redis.kill();
    await until(() => replicas.every((r) => r.link.outageSince !== undefined));
    const fromOutage = counter.seen.length;
    const during = await Promise.all(
      Array.from({ length: 2 * REPLICAS }, (_, i) =>
        analytics(i % REPLICAS, own(i % REPLICAS, 1 + Math.floor(i / REPLICAS))),
      ),
    );
    expect(during.map((r) => r.status)).toEqual(Array<number>(2 * REPLICAS).fill(200));
    const alone = counter.seen.slice(fromOutage);
    for (let r = 0; r < REPLICAS; r++) {
      const sent = alone.filter(
        (s) => s.path.includes(`country=${COUNTRIES[r * 7 + 1]}`) || s.path.includes(`country=${COUNTRIES[r * 7 + 2]}`),
      );
      expect(sent).toHaveLength(2);
      // 1/3 of 2 a second: a turn every 1.65 s (three turns of 550 ms); a slower machine only spreads them more.
      expect(Math.abs(sent[1].at - sent[0].at)).toBeGreaterThanOrEqual(1_500);
    }
    expect(warnings.filter((w) => w.includes("Redis is unreachable"))).toHaveLength(REPLICAS);

    await redis.restart();
    await until(() => replicas.every((r) => r.link.outageSince === undefined));
    const after = await Promise.all(
      Array.from({ length: 2 * REPLICAS }, (_, i) =>
        analytics(i % REPLICAS, own(i % REPLICAS, 3 + Math.floor(i / REPLICAS))),
      ),
    );
    expect(after.map((r) => r.status)).toEqual(Array<number>(2 * REPLICAS).fill(200));
    expect(warnings.filter((w) => w.includes("reachable again"))).toHaveLength(REPLICAS);

    const seen = platformSince(before);
    expect(seen.filter((s) => s.status === 429)).toEqual([]);
    expect(busiestSecond(seen)).toBeLessThanOrEqual(PLAN_PER_SECOND);
    // Shared again: an identical request on two replicas is one upstream call.
    const sharedBefore = counter.seen.length;
    await Promise.all([analytics(0, "interval=7d&groupBy=count"), analytics(1, "interval=7d&groupBy=count")]);
    expect(counter.seen.length - sharedBefore).toBe(1);
  }, 60_000);
});
