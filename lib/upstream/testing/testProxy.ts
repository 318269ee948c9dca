import { ResponseCache } from "../cache";
import type { Clock } from "../clock";
import { upstreamConfig } from "../config";
import { createProxy, type Proxy } from "../upstreamProxy";
import { RateBudgets } from "../rateBudget";
import { dispatcherFor } from "./dispatcher";
import type { UpstreamEnv } from "./env";
import { FakeClock } from "./fakeClock";

interface TestProxyOptions {
  /** Time stands still unless the test moves it: a test that forgets a wait it depends on hangs instead of passing slowly. */
  clock?: Clock;
  /** Share one cache between proxies (keys of different workspaces). */
  cache?: ResponseCache;
  /** The rest of the environment, as a deployment would set it (timeout, cache TTL). */
  env?: Omit<UpstreamEnv, "LINK_API_BASE_URL" | "LINK_API_KEY">;
}

/** A proxy built as lib/server/proxyRoot.ts builds the dashboard's, from these settings, on the test's clock. */
export function proxyFor(baseUrl: string, apiKey: string, options: TestProxyOptions = {}): Proxy {
  const clock = options.clock ?? new FakeClock();
  return createProxy({
    config: upstreamConfig({ ...options.env, LINK_API_BASE_URL: baseUrl, LINK_API_KEY: apiKey }),
    clock,
    cache: options.cache ?? new ResponseCache({ now: () => clock.now() }),
    budgets: new RateBudgets(clock),
    dispatcher: dispatcherFor({ ...options.env, LINK_API_BASE_URL: baseUrl }),
  });
}
