import { evalScript } from "./evalScript";
import type { RedisClient } from "./redisLink";

/** Redis keys of one cached request (`id`: a digest of the cache key) and of one load. */
const replyKey = (id: string) => `linklens:reply:${id}`;
const lockKey = (id: string) => `linklens:lock:${id}`;
const resultKey = (loadId: string) => `linklens:result:${loadId}`;

/** Every replica hears of every finished load here (the message is the load's id). */
export const FINISHED_CHANNEL = "linklens:finished";

/** A kept reply (with its remaining lifetime), or the lock for this load, or the id of the load that holds it. */
const CLAIM = `
local kept = redis.call('GET', KEYS[1])
if kept then return {'hit', kept, redis.call('PTTL', KEYS[1])} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'lead'} end
local owner = redis.call('GET', KEYS[2])
if owner then return {'wait', owner} end
return {'again'}
`;

/** A load's stored outcome, or whether its lock is still held. */
const READ = `
local result = redis.call('GET', KEYS[1])
if result then return {'done', result} end
if redis.call('GET', KEYS[2]) == ARGV[1] then return {'running'} end
return {'gone'}
`;

/** Stores the outcome (and keeps it as the reply when `keptMs` > 0), frees the lock if still ours, tells every replica. */
const FINISH = `
if tonumber(ARGV[3]) > 0 then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[4])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('PUBLISH', ARGV[5], ARGV[1])
return 1
`;

/** Keeps a reply loaded without Redis, unless one is kept already (a fresher load of another replica's). */
const SHARE = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')
return 1
`;

/** Extends the lock while its load runs. */
const HOLD = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

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
  const [kind, value, remaining] = strings(
    await evalScript(client, CLAIM, [replyKey(id), lockKey(id)], [loadId, lockMs]),
  );
  if (kind === "hit" && typeof value === "string" && typeof remaining === "number")
    return { kind, stored: value, remainingMs: remaining };
  if (kind === "wait" && typeof value === "string") return { kind, owner: value };
  return kind === "lead" ? { kind } : { kind: "again" };
}

export type LoadState = { kind: "done"; stored: string } | { kind: "running" } | { kind: "gone" };

export async function readLoad(client: RedisClient, id: string, loadId: string): Promise<LoadState> {
  const [kind, value] = strings(await evalScript(client, READ, [resultKey(loadId), lockKey(id)], [loadId]));
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
  await evalScript(
    client,
    FINISH,
    [replyKey(id), lockKey(id), resultKey(loadId)],
    [loadId, stored, keptMs, resultMs, FINISHED_CHANNEL],
  );
}

export async function holdLock(client: RedisClient, id: string, loadId: string, lockMs: number): Promise<void> {
  await evalScript(client, HOLD, [lockKey(id)], [loadId, lockMs]);
}

/** Keeps `stored` (an encoded reply outcome) for the replicas for `keptMs`, unless a reply is kept already. */
export async function shareReply(client: RedisClient, id: string, stored: string, keptMs: number): Promise<void> {
  await evalScript(client, SHARE, [replyKey(id)], [stored, Math.max(1, Math.round(keptMs))]);
}
