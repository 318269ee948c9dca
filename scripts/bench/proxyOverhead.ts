// Proxy overhead (issue 3): p50 of the dashboard's /api/events against p50 of the platform's
// /events for the same queries, alternating, at the same pace, with the response cache off.
import { BUSINESS_KEY, EVENT_CASES } from "./events";
import { timedGet } from "./http";
import { figures, sleep, type Figures } from "./stats";

/**
 * One request every 400 ms, both sides together: 2.5/s against the key's 4/s. Closer to the
 * limit, the dashboard's rate budget (a 1.1 s sliding window, and the server's rounded-up
 * reset once its window is spent) starts queueing, which is pacing, not proxy overhead.
 */
export const PROXY_PACE_MS = 400;
/** The dashboard's own kind of request: a page of 100, with and without filters. */
export const PROXY_CASES = EVENT_CASES.filter((c) => c.name === "unfiltered page" || c.goal === true);

export interface ProxyCaseResult {
  direct: Figures;
  proxy: Figures;
}

export interface ProxyOverheadResult {
  cases: Record<string, ProxyCaseResult>;
  /** All samples of all cases pooled. */
  all: ProxyCaseResult;
  limited: number;
}

export async function benchProxyOverhead(platformUrl: string, dashboardUrl: string, opts: { warmup: number; samples: number }): Promise<ProxyOverheadResult> {
  const headers = { Authorization: `Bearer ${BUSINESS_KEY}` };
  const cases: Record<string, ProxyCaseResult> = {};
  const pooled = { direct: [] as number[], proxy: [] as number[] };
  let limited = 0;
  for (const c of PROXY_CASES) {
    const direct: number[] = [];
    const proxy: number[] = [];
    const sides = [
      { name: "direct" as const, run: () => timedGet(`${platformUrl}/events?${c.qs}`, headers) },
      { name: "proxy" as const, run: () => timedGet(`${dashboardUrl}/api/events?${c.qs}`) },
    ];
    for (let i = 0; i < opts.warmup + opts.samples; i++) {
      // Alternate which side goes first, so neither always follows the other.
      const order = i % 2 === 0 ? sides : [sides[1], sides[0]];
      for (const side of order) {
        const slot = sleep(PROXY_PACE_MS);
        const reply = await side.run();
        limited += reply.limited;
        if (i >= opts.warmup) (side.name === "direct" ? direct : proxy).push(reply.ms);
        await slot;
      }
    }
    pooled.direct.push(...direct);
    pooled.proxy.push(...proxy);
    cases[c.name] = { direct: figures(direct), proxy: figures(proxy) };
  }
  return { cases, all: { direct: figures(pooled.direct), proxy: figures(pooled.proxy) }, limited };
}
