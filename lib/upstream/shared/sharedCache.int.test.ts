import { createClient } from "@redis/client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UpstreamReply } from "../client";
import { GatewayError } from "../gatewayError";
import { onRedis, type OnRedis } from "../replicaParts";
import { FakeClock } from "../testing/fakeClock";
import { quiet, until } from "../testing/quiet";
import { startRedis, type RunningRedis } from "../testing/redisServer";
import { track } from "../testing/track";

/** Replicas' response caches sharing one real redis-server, on one FakeClock. */

const TTL_MS = 10_000;
const reply = (status: number, body = "[]"): UpstreamReply => ({
  status,
  headers: new Headers({ "x-ratelimit-limit": "2" }),
  body,
});

function deferred() {
  let resolve: (value: UpstreamReply) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<UpstreamReply>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("replicas' response cache on Redis", () => {
  let redis: RunningRedis;
  let clock: FakeClock;
  let replicas: OnRedis[];
  let warnings: string[];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  beforeEach(async () => {
    // A test that killed it may have left it down.
    if (redis.pid === undefined) await redis.restart();
    await redis.flush();
    clock = new FakeClock();
    warnings = [];
    replicas = Array.from({ length: 2 }, () => onRedis(redis.url, 2, clock, (message) => warnings.push(message)));
    await quiet(links());
  });
  afterEach(() => {
    for (const replica of replicas) replica.close();
  });

  const links = () => replicas.map((r) => r.link);
  const cacheOf = (r: number) => replicas[r].cache;

  it("identical concurrent requests on both replicas cost one load; the others wait for its reply", async () => {
    const gate = deferred();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const first = cacheOf(0).get("k", TTL_MS, load);
    await quiet(links());
    const rest = Array.from({ length: 9 }, (_, i) => cacheOf(i % 2).get("k", TTL_MS, load));
    await quiet(links());
    expect(loads).toBe(1);
    gate.resolve(reply(200, "[1]"));
    const results = await Promise.all([first, ...rest]);
    expect(loads).toBe(1);
    expect(results.map((r) => r.outcome)).toEqual(["miss", ...Array<string>(9).fill("shared")]);
    expect(new Set(results.map((r) => r.reply.body))).toEqual(new Set(["[1]"]));
    expect(results[1].reply.headers.get("x-ratelimit-limit")).toBe("2");
  });

  it("a reply one replica loaded is a hit on the other, then a hit from its own memory", async () => {
    let loads = 0;
    const load = () => Promise.resolve(reply(200, `[${++loads}]`));
    expect((await cacheOf(0).get("k", TTL_MS, load)).outcome).toBe("miss");
    expect(await cacheOf(1).get("k", TTL_MS, load)).toMatchObject({ outcome: "hit", reply: { body: "[1]" } });
    await redis.flush();
    expect(await cacheOf(1).get("k", TTL_MS, load)).toMatchObject({ outcome: "hit", reply: { body: "[1]" } });
    expect(loads).toBe(1);
  });

  it("a 429 is shared while in flight, never kept", async () => {
    const gate = deferred();
    let loads = 0;
    const load = () => {
      loads += 1;
      return loads === 1 ? gate.promise : Promise.resolve(reply(429, "{}"));
    };
    const a = cacheOf(0).get("k", TTL_MS, load);
    await quiet(links());
    const b = cacheOf(1).get("k", TTL_MS, load);
    await quiet(links());
    gate.resolve(reply(429, "{}"));
    expect([(await a).outcome, (await b).outcome, loads]).toEqual(["miss", "shared", 1]);
    expect((await cacheOf(1).get("k", TTL_MS, load)).outcome).toBe("miss");
    expect(loads).toBe(2);
  });

  it("the leader's failure reaches the waiters on other replicas: one upstream call whatever its outcome", async () => {
    const gate = deferred();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const a = cacheOf(0).get("k", TTL_MS, load);
    await quiet(links());
    const b = cacheOf(1).get("k", TTL_MS, load);
    await quiet(links());
    gate.reject(new GatewayError(504, "The link platform did not answer within 15 s."));
    await expect(a).rejects.toMatchObject({ status: 504 });
    await expect(b).rejects.toMatchObject({ status: 504, message: "The link platform did not answer within 15 s." });
    expect(loads).toBe(1);
  });

  it("when every caller of the leading replica leaves, a waiting replica loads in its place", async () => {
    const first = deferred();
    const loadSignals: AbortSignal[] = [];
    let loads = 0;
    const load = (signal: AbortSignal) => {
      loads += 1;
      loadSignals.push(signal);
      return loads === 1 ? first.promise : Promise.resolve(reply(200, "[2]"));
    };
    const viewer = new AbortController();
    const a = cacheOf(0).get("k", TTL_MS, load, viewer.signal);
    a.catch(() => {});
    await quiet(links());
    const b = cacheOf(1).get("k", TTL_MS, load);
    await quiet(links());
    viewer.abort(new DOMException("left", "AbortError"));
    await expect(a).rejects.toMatchObject({ name: "AbortError" });
    expect(loadSignals[0].aborted).toBe(true);
    first.reject(loadSignals[0].reason);
    expect(await b).toMatchObject({ outcome: "miss", reply: { body: "[2]" } });
    expect(loads).toBe(2);
  });

  it("Redis down: each replica loads and keeps on its own, never failing a request; shared again once it is back", async () => {
    let loads = 0;
    const load = () => Promise.resolve(reply(200, `[${++loads}]`));
    await redis.kill();
    await until(() => links().every((link) => link.outageSince !== undefined));
    expect((await cacheOf(0).get("k", TTL_MS, load)).outcome).toBe("miss");
    expect((await cacheOf(1).get("k", TTL_MS, load)).outcome).toBe("miss");
    expect((await cacheOf(1).get("k", TTL_MS, load)).outcome).toBe("hit");
    expect(loads).toBe(2);
    expect(warnings.filter((w) => w.includes("Redis is unreachable"))).toHaveLength(2);

    await redis.restart();
    for (let i = 0; i < 40 && links().some((link) => link.outageSince !== undefined); i++) {
      await clock.advance(100);
      await quiet(links());
    }
    expect(links().every((link) => link.outageSince === undefined)).toBe(true);
    expect((await cacheOf(0).get("other", TTL_MS, load)).outcome).toBe("miss");
    expect((await cacheOf(1).get("other", TTL_MS, load)).outcome).toBe("hit");
    expect(loads).toBe(3);
  });

  it("what a replica loaded while Redis was away is a hit for the others once it is back, for the time it has left", async () => {
    let loads = 0;
    const load = () => Promise.resolve(reply(200, `[${++loads}]`));
    await redis.kill();
    await until(() => links().every((link) => link.outageSince !== undefined));
    expect((await cacheOf(0).get("k", TTL_MS, load)).outcome).toBe("miss");
    await redis.restart();
    for (let i = 0; i < 40 && links().some((link) => link.outageSince !== undefined); i++) {
      await clock.advance(100);
      await quiet(links());
    }
    expect(links().every((link) => link.outageSince === undefined)).toBe(true);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const [replyKey] = await client.keys("linklens:reply:*");
      const left = await client.pTTL(replyKey);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(TTL_MS - 100);
    } finally {
      client.destroy();
    }
    expect(await cacheOf(1).get("k", TTL_MS, load)).toMatchObject({ outcome: "hit", reply: { body: "[1]" } });
    expect(loads).toBe(1);
  });

  it("a waiter whose Redis goes away mid-wait loads for itself", async () => {
    const gate = deferred();
    let loads = 0;
    const load = () => {
      loads += 1;
      return loads === 1 ? gate.promise : Promise.resolve(reply(200, "[2]"));
    };
    const a = cacheOf(0).get("k", TTL_MS, load);
    await quiet(links());
    const b = track(cacheOf(1).get("k", TTL_MS, load));
    await quiet(links());
    expect(b.value).toBeUndefined();
    await redis.kill();
    await until(() => b.value !== undefined);
    expect(b.value).toMatchObject({ outcome: "miss", reply: { body: "[2]" } });
    gate.resolve(reply(200, "[1]"));
    expect((await a).reply.body).toBe("[1]");
  });

  it("Redis holds digests of the cache keys, never the keys themselves", async () => {
    const load = () => Promise.resolve(reply(200));
    await cacheOf(0).get("fingerprint /analytics?country=US variant", TTL_MS, load);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const keys = await client.keys("*");
      expect(keys.filter((k) => k.startsWith("linklens:reply:"))).toEqual([
        expect.stringMatching(/^linklens:reply:[0-9a-f]{64}$/),
      ]);
      expect(keys.join(" ")).not.toContain("country");
    } finally {
      client.destroy();
    }
  });
});
