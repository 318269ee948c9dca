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

export async function benchProxyOverhead(
  platformUrl: string,
  dashboardUrl: string,
  opts: { warmup: number; samples: number },
): Promise<ProxyOverheadResult> {
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

/** One request every 100 ms: hits cost the platform nothing, so they are not held to the key's pace. */
export const CACHED_PACE_MS = 100;

export interface CachedRepliesResult {
  /** Per case: the dashboard's time for a reply its cache holds (X-Linklens-Cache: hit), end to end over loopback. */
  cases: Record<string, Figures>;
  all: Figures;
  /** Replies that were not hits (the first of each case, and any after an entry expired): not sampled. */
  misses: number;
}

/**
 * A cached reply through the proxy: the same /api/events URL again and again on a dashboard with
 * its response cache on. Only hits are sampled: what is left is the proxy's own cost (access
 * check, canonical query, cache lookup, relaying the kept bytes) plus Next's and the loopback's.
 */
export async function benchCachedReplies(
  dashboardUrl: string,
  opts: { warmup: number; samples: number },
): Promise<CachedRepliesResult> {
  const cases: Record<string, Figures> = {};
  const pooled: number[] = [];
  let misses = 0;
  for (const c of PROXY_CASES) {
    const hits: number[] = [];
    let warm = 0;
    for (let attempts = 0; hits.length < opts.samples && attempts < (opts.warmup + opts.samples) * 3; attempts++) {
      const slot = sleep(CACHED_PACE_MS);
      const started = performance.now();
      const res = await fetch(`${dashboardUrl}/api/events?${c.qs}`);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /api/events?${c.qs} → ${res.status}`);
      if (res.headers.get("x-linklens-cache") !== "hit") misses += 1;
      else if (warm < opts.warmup) warm += 1;
      else hits.push(ms);
      await slot;
    }
    if (hits.length === 0) throw new Error(`no cache hit for ${c.name}`);
    pooled.push(...hits);
    cases[c.name] = figures(hits);
  }
  return { cases, all: figures(pooled), misses };
}
