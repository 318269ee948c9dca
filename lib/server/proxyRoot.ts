import "server-only";
import { upstreamConfig } from "../upstream/config";
import { createProxy, type Proxy } from "../upstream/upstreamProxy";
import { proxyParts } from "./proxyParts";

let proxy: Proxy | undefined;

/**
 * The dashboard's proxy, built on first use from the environment as it is then (a changed
 * environment needs a restart) with the process's shared parts (./proxyParts.ts: the real clock,
 * the response cache and the rate budgets, in process or on Redis). A misconfigured environment
 * still builds one: it answers each valid request with a 500 naming what to set.
 */
export function dashboardProxy(): Proxy {
  proxy ??= createProxy({ config: upstreamConfig(process.env), ...proxyParts() });
  return proxy;
}
