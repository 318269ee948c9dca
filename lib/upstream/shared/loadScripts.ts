import type { RedisClient } from "./redisLink";

/** Redis keys of one cached request (`id`: a digest of the cache key) and of one load. */
const replyKey = (id: string) => `linklens:reply:${id}`;
const lockKey = (id: string) => `linklens:lock:${id}`;
const resultKey = (loadId: string) => `linklens:result:${loadId}`;

/** Every replica hears of every finished load here (the message is the load's id). */
export const FINISHED_CHANNEL = "linklens:finished";

export type Claim =
  | { kind: "hit"; stored: string; remainingMs: number }
  | { kind: "lead" }
  | { kind: "wait"; owner: string }
  | { kind: "again" };

function strings(reply: unknown): unknown[] {
  if (!Array.isArray(reply)) throw new TypeError("A cache script answered something other than a list.");
  return reply;
}

export async function claimLoad(client: RedisClient, id: string, loadId: string, lockMs: number): Promise<Claim> {
  const [kind, value, remaining] = strings(await client.claimLoad(replyKey(id), lockKey(id), loadId, lockMs));
  if (kind === "hit" && typeof value === "string" && typeof remaining === "number")
    return { kind, stored: value, remainingMs: remaining };
  if (kind === "wait" && typeof value === "string") return { kind, owner: value };
  return kind === "lead" ? { kind } : { kind: "again" };
}

export type LoadState = { kind: "done"; stored: string } | { kind: "running" } | { kind: "gone" };

export async function readLoad(client: RedisClient, id: string, loadId: string): Promise<LoadState> {
  const [kind, value] = strings(await client.readLoad(resultKey(loadId), lockKey(id), loadId));
  if (kind === "done" && typeof value === "string") return { kind, stored: value };
  return kind === "running" ? { kind } : { kind: "gone" };
}

export async function finishLoad(
  client: RedisClient,
  id: string,
  loadId: string,
  stored: string,
  keptMs: number,
  resultMs: number,
): Promise<void> {
  await client.finishLoad(
    { reply: replyKey(id), lock: lockKey(id), result: resultKey(loadId) },
    { loadId, stored, keptMs, resultMs, channel: FINISHED_CHANNEL },
  );
}

export async function holdLock(client: RedisClient, id: string, loadId: string, lockMs: number): Promise<void> {
  await client.holdLock(lockKey(id), loadId, lockMs);
}

/** Keeps `stored` (an encoded reply outcome) for the replicas for `keptMs`, unless a reply is kept already. */
export async function shareReply(client: RedisClient, id: string, stored: string, keptMs: number): Promise<void> {
  await client.shareReply(replyKey(id), stored, Math.max(1, Math.round(keptMs)));
}
