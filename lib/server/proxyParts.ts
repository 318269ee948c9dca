import "server-only";
import { addressPolicyFrom, type AddressPolicy } from "../http/addressPolicy";
import { outboundAgent } from "../http/outboundAgent";
import { realClock } from "../upstream/clock";
import type { ProxyParts } from "../upstream/upstreamProxy";
import { cacheAndBudgets } from "../upstream/replicaParts";

let parts: Omit<ProxyParts, "config"> | undefined;
let policy: AddressPolicy | undefined;

/**
 * Which addresses this process may connect to (lib/http/addressPolicy.ts): public ones, the
 * platform LINK_API_BASE_URL names, and what LINK_API_ALLOWED_HOSTS allows.
 */
export function addressPolicy(): AddressPolicy {
  policy ??= addressPolicyFrom(process.env);
  return policy;
}

/**
 * What every proxy of this process shares, built once from the environment on first use: the
 * real clock, one response cache and the rate budgets (one per key: both are keyed by the key's
 * fingerprint, so every workspace's proxy takes these). In process, or with REDIS_URL shared with
 * the other replicas on Redis, LINKLENS_REPLICAS saying how many there are. A misconfigured
 * REDIS_URL or LINKLENS_REPLICAS answers each valid request with a 500 naming what to set.
 */
export function proxyParts(): Omit<ProxyParts, "config"> {
  if (!parts) {
    const { cache, budgets } = cacheAndBudgets(process.env, realClock);
    parts = { clock: realClock, cache, budgets, dispatcher: outboundAgent(addressPolicy()) };
  }
  return parts;
}
