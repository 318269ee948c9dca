import { describe, expect, it } from "vitest";
import { GatewayError } from "./gatewayError";
import { cacheAndBudgets } from "./replicaParts";
import { ResponseCache } from "./cache";
import { RateBudgets } from "./rateBudget";
import { replicaConfig } from "./replicaConfig";
import { FakeClock } from "./testing/fakeClock";

describe("replica configuration", () => {
  it("without REDIS_URL the cache and budgets stay in process", () => {
    expect(replicaConfig({})).toEqual({ redisUrl: undefined, replicas: 1 });
    const parts = cacheAndBudgets({ LINKLENS_REPLICAS: "3" }, new FakeClock());
    expect(parts.cache).toBeInstanceOf(ResponseCache);
    expect(parts.budgets).toBeInstanceOf(RateBudgets);
  });

  it("reads REDIS_URL and LINKLENS_REPLICAS", () => {
    expect(replicaConfig({ REDIS_URL: "redis://:pw@10.0.0.5:6379/2", LINKLENS_REPLICAS: " 3 " })).toEqual({
      redisUrl: "redis://:pw@10.0.0.5:6379/2",
      replicas: 3,
    });
    expect(replicaConfig({ REDIS_URL: "rediss://cache.internal:6380" })).toEqual({
      redisUrl: "rediss://cache.internal:6380",
      replicas: 1,
    });
  });

  it.each([
    [{ REDIS_URL: "http://:hunter2@cache:6379" }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL\./],
    [{ REDIS_URL: "cache:6379" }, /REDIS_URL must be/],
    [{ LINKLENS_REPLICAS: "0" }, /LINKLENS_REPLICAS must be a whole number from 1 to 64/],
    [{ LINKLENS_REPLICAS: "2.5" }, /LINKLENS_REPLICAS must be/],
    [{ LINKLENS_REPLICAS: "three" }, /LINKLENS_REPLICAS must be/],
  ])("%o is refused with a 500 naming what to set, never quoting the URL", (env, message) => {
    const config = replicaConfig(env);
    expect(config).toBeInstanceOf(GatewayError);
    expect((config as GatewayError).message).toMatch(/^The dashboard is not configured: /);
    expect((config as GatewayError).message).toMatch(message);
    expect((config as GatewayError).message).not.toContain("hunter2");
  });

  it("misconfigured, every request through the budgets gets that 500", async () => {
    const parts = cacheAndBudgets({ REDIS_URL: "nope" }, new FakeClock());
    await expect(
      parts.budgets.forKey("https://api.example.com", "k").schedule(() => Promise.reject(new Error("never sent"))),
    ).rejects.toMatchObject({
      status: 500,
      message: "The dashboard is not configured: REDIS_URL must be a redis:// or rediss:// URL.",
    });
  });
});
