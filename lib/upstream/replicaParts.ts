import { randomUUID } from "node:crypto";
import { ResponseCache } from "./cache";
import type { Clock } from "./clock";
import { GatewayError } from "./gatewayError";
import type { KeyBudgets } from "./keyBudgets";
import { RateBudgets } from "./rateBudget";
import { replicaConfig } from "./replicaConfig";
import type { ReplyCache } from "./replyCache";
import { RedisLink } from "./shared/redisLink";
import { ReplicaSlot } from "./shared/replicaSlot";
import { SharedReplyCache } from "./shared/sharedCache";
import { SharedGate } from "./shared/sharedGate";

export interface CacheAndBudgets {
  cache: ReplyCache;
  budgets: KeyBudgets;
  /** Closes the connections to Redis, if any (tests and scripts; a server keeps them for its life). */
  close(): void;
}

/** Budgets that answer every request with the configuration's error, as a misconfigured proxy does (./upstreamProxy.ts). */
function refusing(error: GatewayError): KeyBudgets {
  return { forKey: () => ({ schedule: () => Promise.reject(error) }) };
}

export interface OnRedis extends CacheAndBudgets {
  link: RedisLink;
  slot: ReplicaSlot;
}

/** One replica's cache and budgets on the Redis at `url`, `replicas` replicas sharing it. */
export function onRedis(url: string, replicas: number, clock: Clock, warn?: (message: string) => void): OnRedis {
  const replicaId = randomUUID();
  const outageNote = `until it is back, this replica keeps its own response cache and its own rate budget at 1/${replicas} of each key's limit.`;
  const link = new RedisLink({ url, clock, outageNote, warn });
  const slot = new ReplicaSlot(link, clock, replicas, replicaId, warn);
  return {
    link,
    slot,
    cache: new SharedReplyCache({ link, clock }),
    budgets: new RateBudgets(clock, (keyId) => new SharedGate(keyId, { link, slot, clock, replicaId })),
    close: () => link.close(),
  };
}

/**
 * The response cache and rate budgets every proxy of a process shares (one for all keys: both
 * are keyed by the key's fingerprint): in process, or with REDIS_URL shared by the replicas on
 * Redis (./shared/). Built once per process by its composition root, with the clock it passes.
 */
export function cacheAndBudgets(
  env: Readonly<Record<string, string | undefined>>,
  clock: Clock,
  warn?: (message: string) => void,
): CacheAndBudgets {
  const config = replicaConfig(env);
  const inProcess = { cache: new ResponseCache({ now: () => clock.now() }), close: () => {} };
  if (config instanceof GatewayError) return { ...inProcess, budgets: refusing(config) };
  if (config.redisUrl === undefined) return { ...inProcess, budgets: new RateBudgets(clock) };
  const { cache, budgets, close } = onRedis(config.redisUrl, config.replicas, clock, warn);
  return { cache, budgets, close };
}
