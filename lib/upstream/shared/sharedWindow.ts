import type { GateAsk } from "../sendGate";
import { evalScript } from "./evalScript";
import type { RedisClient } from "./redisLink";

/**
 * A sliding window per key: the instants its requests left, as a sorted set. A turn is taken when
 * fewer than `limit` left within the last `span` (the key's window and its margin, ../keyWindow.ts),
 * so no span, wherever it starts, holds more than `limit` requests from all replicas together.
 * Otherwise the answer is when the oldest request that fills the window leaves it.
 * Instants come from the replicas' clocks: a skew between hosts eats into the span's margin.
 */
const TAKE_TURN = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local span = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], span)
  return -1
end
local filling = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return tonumber(filling[2]) + span
`;

/** Moves a turn still in the window to a later instant: when its request left. */
const MOVE_TURN = `
return redis.call('ZADD', KEYS[1], 'XX', 'GT', ARGV[1], ARGV[2])
`;

export const windowKey = (keyId: string) => `linklens:window:${keyId}`;

/** Takes a turn in the key's shared window: undefined when taken (the request leaves now), else the instant to ask again. */
export async function takeSharedTurn(client: RedisClient, keyId: string, member: string, ask: GateAsk): Promise<number | undefined> {
  const reply = await evalScript(client, TAKE_TURN, [windowKey(keyId)], [Math.floor(ask.now), ask.limit, Math.ceil(ask.spanMs), member]);
  if (typeof reply !== "number") throw new TypeError("The shared window's script answered something other than a number.");
  return reply < 0 ? undefined : reply;
}

/**
 * Records that the request of the turn `member` left at `at`, later than the turn was asked: the
 * window then counts it from there, so a request held between its turn and its departure cannot
 * reach the platform within one window of the next ones (the span's margin is 100 ms).
 */
export async function turnLeft(client: RedisClient, keyId: string, member: string, at: number): Promise<void> {
  await evalScript(client, MOVE_TURN, [windowKey(keyId)], [Math.ceil(at), member]);
}
