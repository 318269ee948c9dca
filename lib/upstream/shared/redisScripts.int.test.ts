import { afterAll, beforeAll, expect, it } from "vitest";
import { realClock } from "../clock";
import { startRedis, type RunningRedis } from "../testing/redisServer";
import { RedisLink } from "./redisLink";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** How many times Redis ran `command`, from INFO commandstats. */
function calls(stats: string, command: string): number {
  const line = stats.split(/\r?\n/).find((l) => l.startsWith(`cmdstat_${command}:`));
  return Number(/calls=(\d+)/.exec(line ?? "")?.[1] ?? 0);
}

it("runs a script by its SHA-1, and sends its text only when Redis does not know it (first use, after a flush)", async () => {
  const link = new RedisLink({ url: redis.url, clock: realClock, outageNote: "alone" });
  try {
    const claim = () => link.run((client) => client.claimPlace(["linklens:replica:0"], "replica-a", 1_000));
    await link.run((client) => client.configResetStat());
    expect(await claim()).toBe(0);
    expect(await claim()).toBe(0);
    expect(await claim()).toBe(0);
    await link.run((client) => client.scriptFlush());
    expect(await claim()).toBe(0);
    const stats = await link.run((client) => client.info("commandstats"));
    expect(calls(stats, "eval")).toBe(2);
    expect(calls(stats, "evalsha")).toBeGreaterThanOrEqual(4);
  } finally {
    link.close();
  }
});
