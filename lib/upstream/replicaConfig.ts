import { GatewayError } from "./gatewayError";

export interface ReplicaConfig {
  /** Redis shared by the dashboard's replicas; undefined keeps the cache and rate budgets in process. */
  redisUrl: string | undefined;
  /** How many replicas share it: each keeps 1/N of a key's limit while Redis is unreachable. */
  replicas: number;
}

const MAX_REPLICAS = 64;

/**
 * REDIS_URL and LINKLENS_REPLICAS from an environment, or a 500 naming what to set. Messages
 * never quote REDIS_URL: it may hold a password.
 */
export function replicaConfig(env: Readonly<Record<string, string | undefined>>): ReplicaConfig | GatewayError {
  const problems: string[] = [];
  const rawUrl = env.REDIS_URL?.trim() ?? "";
  let redisUrl: string | undefined;
  if (rawUrl !== "") {
    const protocol = URL.canParse(rawUrl) ? new URL(rawUrl).protocol : "";
    if (protocol === "redis:" || protocol === "rediss:") redisUrl = rawUrl;
    else problems.push("REDIS_URL must be a redis:// or rediss:// URL.");
  }
  const rawReplicas = env.LINKLENS_REPLICAS?.trim() ?? "";
  const replicas = rawReplicas === "" ? 1 : Number(rawReplicas);
  if (!/^\d*$/.test(rawReplicas) || !Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) {
    problems.push(
      `LINKLENS_REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}: how many dashboard replicas share REDIS_URL.`,
    );
  }
  if (problems.length > 0) return new GatewayError(500, `The dashboard is not configured: ${problems.join(" ")}`);
  return { redisUrl, replicas };
}
