import type { RedisClient } from "./redisLink";

/** Runs a Lua script atomically on Redis (EVAL; Redis keeps it compiled by its hash). */
export function evalScript(
  client: RedisClient,
  script: string,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  return client.sendCommand(["EVAL", script, String(keys.length), ...keys, ...args.map(String)]);
}
