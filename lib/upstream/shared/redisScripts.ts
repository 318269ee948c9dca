import { defineScript, type CommandParser } from "@redis/client";

/**
 * The Lua scripts the replicas run on Redis, each defined once with its keys and arguments typed.
 * The client sends `EVALSHA` (the script's SHA-1) and, when Redis answers NOSCRIPT (first use,
 * or a restarted Redis), `EVAL` with the text, which loads it again. Their replies are read by
 * the modules that call them (./sharedWindow.ts, ./loadScripts.ts, ./replicaSlot.ts), which
 * check their shape.
 *
 * The scripts are text in this module rather than `.lua` files: Next bundles this code into its
 * server chunks, where a file read beside the module would not be found unless copied there.
 */

/** A script's reply as Redis sent it; its caller checks the shape. */
const asSent = (reply: unknown): unknown => reply;

const strings = (...args: (string | number)[]) => args.map(String);

/**
 * A sliding window per key, as a sorted set of turns (./sharedWindow.ts explains it). -1 when the
 * turn is taken, else the instant to ask again.
 */
const takeTurn = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local span = tonumber(ARGV[3])
local inFlight = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now + inFlight, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], span + inFlight)
  return -1
end
local filling = tonumber(redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')[2])
if filling > now then return now + tonumber(ARGV[6]) end
return filling + span
`,
  parseCommand(
    parser: CommandParser,
    window: string,
    turn: { now: number; limit: number; spanMs: number; member: string; inFlightMs: number; recheckMs: number },
  ) {
    parser.pushKey(window);
    parser.push(...strings(turn.now, turn.limit, turn.spanMs, turn.member, turn.inFlightMs, turn.recheckMs));
  },
  transformReply: asSent,
});

/** Settles a turn still in the window at the instant its reply came, keeping the key a span past it. */
const settleTurn = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `
local changed = redis.call('ZADD', KEYS[1], 'XX', 'CH', ARGV[1], ARGV[2])
local span = tonumber(ARGV[3])
if redis.call('PTTL', KEYS[1]) < span then redis.call('PEXPIRE', KEYS[1], span) end
return changed
`,
  parseCommand(parser: CommandParser, window: string, at: number, member: string, spanMs: number) {
    parser.pushKey(window);
    parser.push(...strings(at, member, spanMs));
  },
  transformReply: asSent,
});

/** A kept reply (with its remaining lifetime), or the lock for this load, or the id of the load that holds it. */
const claimLoad = defineScript({
  NUMBER_OF_KEYS: 2,
  SCRIPT: `
local kept = redis.call('GET', KEYS[1])
if kept then return {'hit', kept, redis.call('PTTL', KEYS[1])} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'lead'} end
local owner = redis.call('GET', KEYS[2])
if owner then return {'wait', owner} end
return {'again'}
`,
  parseCommand(parser: CommandParser, reply: string, lock: string, loadId: string, lockMs: number) {
    parser.pushKeys([reply, lock]);
    parser.push(...strings(loadId, lockMs));
  },
  transformReply: asSent,
});

/** A load's stored outcome, or whether its lock is still held. */
const readLoad = defineScript({
  NUMBER_OF_KEYS: 2,
  SCRIPT: `
local result = redis.call('GET', KEYS[1])
if result then return {'done', result} end
if redis.call('GET', KEYS[2]) == ARGV[1] then return {'running'} end
return {'gone'}
`,
  parseCommand(parser: CommandParser, result: string, lock: string, loadId: string) {
    parser.pushKeys([result, lock]);
    parser.push(loadId);
  },
  transformReply: asSent,
});

/** Stores the outcome (and keeps it as the reply when `keptMs` > 0), frees the lock if still ours, tells every replica. */
const finishLoad = defineScript({
  NUMBER_OF_KEYS: 3,
  SCRIPT: `
if tonumber(ARGV[3]) > 0 then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[4])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('PUBLISH', ARGV[5], ARGV[1])
return 1
`,
  parseCommand(
    parser: CommandParser,
    keys: { reply: string; lock: string; result: string },
    load: { loadId: string; stored: string; keptMs: number; resultMs: number; channel: string },
  ) {
    parser.pushKeys([keys.reply, keys.lock, keys.result]);
    parser.push(...strings(load.loadId, load.stored, load.keptMs, load.resultMs, load.channel));
  },
  transformReply: asSent,
});

/** Keeps a reply loaded without Redis, unless one is kept already (a fresher load of another replica's). */
const shareReply = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')
return 1
`,
  parseCommand(parser: CommandParser, reply: string, stored: string, keptMs: number) {
    parser.pushKey(reply);
    parser.push(...strings(stored, keptMs));
  },
  transformReply: asSent,
});

/** Extends the lock while its load runs. */
const holdLock = defineScript({
  NUMBER_OF_KEYS: 1,
  SCRIPT: `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`,
  parseCommand(parser: CommandParser, lock: string, loadId: string, lockMs: number) {
    parser.pushKey(lock);
    parser.push(...strings(loadId, lockMs));
  },
  transformReply: asSent,
});

/** Keeps this replica's place if it has one, else takes the first free one; -1 when all are held. */
const claimPlace = defineScript({
  SCRIPT: `
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    return i - 1
  end
end
for i, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[1], 'NX', 'PX', ARGV[2]) then return i - 1 end
end
return -1
`,
  parseCommand(parser: CommandParser, places: string[], replicaId: string, leaseMs: number) {
    parser.pushKeysLength(places);
    parser.push(...strings(replicaId, leaseMs));
  },
  transformReply: asSent,
});

/** Every script, by the name the client calls it with (`client.takeTurn(…)`). */
export const REDIS_SCRIPTS = {
  takeTurn,
  settleTurn,
  claimLoad,
  readLoad,
  finishLoad,
  shareReply,
  holdLock,
  claimPlace,
};
