import type { GateAsk } from "../sendGate";
import type { RedisClient } from "./redisLink";

/**
 * How long a turn counts as in flight unless its replica says its reply came (`turnSettled`): a
 * replica that dies mid-request blocks its turn for this and a span, no longer.
 */
export const IN_FLIGHT_MS = 5_000;
/**
 * Added to the key's span (../keyWindow.ts) in the window the replicas share: its instants come from
 * the replicas' own clocks, and a skew between hosts must not let two turns share a window.
 */
export const HOST_CLOCK_SKEW_MS = 100;

/** How soon to ask again when the turn that fills the window is in flight: its reply settles it any moment. */
export const IN_FLIGHT_RECHECK_MS = 50;

/**
 * The replicas' shared window (its scripts: `takeTurn` and `settleTurn` in ./redisScripts.ts).
 * A sliding window per key, as a sorted set of turns. A turn in flight is scored `IN_FLIGHT_MS`
 * ahead (it may reach the platform at any moment, so it fills the window whenever asked); once its
 * reply came, at that instant (the latest it can have reached the platform). A turn is taken when
 * fewer than `limit` turns lie within the last `span` (the key's window, ../keyWindow.ts, and
 * `HOST_CLOCK_SKEW_MS`), so no span, wherever it starts, holds more than `limit` arrivals from all
 * replicas together. Otherwise the answer is when the turn that fills the window leaves it, or
 * soon when that one is still in flight.
 * Instants come from the replicas' clocks: a skew between hosts eats into `HOST_CLOCK_SKEW_MS`.
 *
 * Kept as our own script rather than rate-limiter-flexible's `RateLimiterRedis`: that one counts
 * fixed windows (INCR and an expiry per key), which let twice the limit through across a window
 * boundary, while the platform's window opens whenever its first request arrives, so only a
 * sliding window keeps every span within the limit. Nor has it a turn in flight that is dated when
 * its reply comes, or an answer saying when to ask again.
 */
export const windowKey = (keyId: string) => `linklens:window:${keyId}`;

/** Takes a turn in the key's shared window: undefined when taken (the request leaves now), else the instant to ask again. */
export async function takeSharedTurn(
  client: RedisClient,
  keyId: string,
  member: string,
  ask: GateAsk,
): Promise<number | undefined> {
  const reply = await client.takeTurn(windowKey(keyId), {
    now: Math.floor(ask.now),
    limit: ask.limit,
    spanMs: Math.ceil(ask.spanMs),
    member,
    inFlightMs: IN_FLIGHT_MS,
    recheckMs: IN_FLIGHT_RECHECK_MS,
  });
  if (typeof reply !== "number")
    throw new TypeError("The shared window's script answered something other than a number.");
  return reply < 0 ? undefined : reply;
}

/** The request of the turn `member` got its reply (or failed) at `at`: the window counts it from then. */
export async function turnSettled(
  client: RedisClient,
  keyId: string,
  member: string,
  at: number,
  spanMs: number,
): Promise<void> {
  await client.settleTurn(windowKey(keyId), Math.ceil(at), member, Math.ceil(spanMs));
}
