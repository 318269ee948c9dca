import type { Dispatcher } from "undici";
import { addressPolicyFrom } from "../../http/addressPolicy";
import { outboundAgent } from "../../http/outboundAgent";

/** The connection pool lib/server/proxyParts.ts builds from this environment: LINK_API_BASE_URL and LINK_API_ALLOWED_HOSTS allowed. */
export function dispatcherFor(env: Readonly<Record<string, string | undefined>>): Dispatcher {
  return outboundAgent(addressPolicyFrom(env));
}
