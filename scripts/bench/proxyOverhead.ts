// Proxy overhead (issue 3): p50 of the dashboard's /api/events against p50 of the platform's
// /events for the same queries, alternating, at the same pace, with the response cache off.
import { BUSINESS_KEY, EVENT_CASES } from "./events";
import { timedGet } from "./http";
import { groupMembers, threadsCpuNs } from "./processCpu";
import { figures, sleep, type Figures } from "./stats";

/**
 * One request every 400 ms, both sides together: 2.5/s against the key's 4/s. Closer to the
 * limit, the dashboard's rate budget (a 1.1 s sliding window, and the server's rounded-up
 * reset once its window is spent) starts queueing, which is pacing, not proxy overhead.
 */
export const PROXY_PACE_MS = 400;
/** The dashboard's own kind of request: a page of 100, with and without filters. */
export const PROXY_CASES = EVENT_CASES.filter((c) => c.name === "unfiltered page" || c.goal === true);

/**
 * CPU ms per request (every thread of each server's processes, /proc/<pid>/task/<tid>/schedstat),
 * taken over each request's whole slot of the pace (its reply and what the servers do after it:
 * a garbage collection, say), so the machine's load barely moves it.
 */
export interface ProxyCpu {
  /** The platform, per direct /events request. */
  platformDirect: number;
  /** The platform, per /api/events request (the dashboard's request to it). */
  platformProxied: number;
  /** The dashboard, per /api/events request. */
  dashboard: number;
  /** The dashboard in the direct requests' slots: its own background, not the requests'. */
  dashboardIdle: number;
}

/** A proxied page's CPU, the dashboard's and the platform's, over the direct page's: the wall ratio's figure on a machine that is not quiet. */
export function cpuRatio(cpu: ProxyCpu): number {
  return (cpu.dashboard + cpu.platformProxied) / cpu.platformDirect;
}

export interface ProxyCaseResult {
  direct: Figures;
  proxy: Figures;
  /** When the servers' process groups were given. */
  cpu?: ProxyCpu;
}

export interface ProxyOverheadResult {
  cases: Record<string, ProxyCaseResult>;
  /** All samples of all cases pooled. */
  all: ProxyCaseResult;
  limited: number;
}

/** The servers' process groups (their leaders' ids: a bench service leads its own group). */
export interface ServerGroups {
  platform: number;
  dashboard: number;
}

interface CpuSums {
  platform: { direct: number; proxy: number };
  dashboard: { direct: number; proxy: number };
  n: { direct: number; proxy: number };
}

const noCpu = (): CpuSums => ({
  platform: { direct: 0, proxy: 0 },
  dashboard: { direct: 0, proxy: 0 },
  n: { direct: 0, proxy: 0 },
});

function perRequest(sums: CpuSums): ProxyCpu {
  const ms = (ns: number, n: number) => Math.round(ns / 1e4 / n) / 100;
  return {
    platformDirect: ms(sums.platform.direct, sums.n.direct),
    platformProxied: ms(sums.platform.proxy, sums.n.proxy),
    dashboard: ms(sums.dashboard.proxy, sums.n.proxy),
    dashboardIdle: ms(sums.dashboard.direct, sums.n.direct),
  };
}

function addCpu(into: CpuSums, from: CpuSums): void {
  for (const side of ["direct", "proxy"] as const) {
    into.platform[side] += from.platform[side];
    into.dashboard[side] += from.dashboard[side];
    into.n[side] += from.n[side];
  }
}

export async function benchProxyOverhead(
  platformUrl: string,
  dashboardUrl: string,
  opts: { warmup: number; samples: number },
  groups?: ServerGroups,
): Promise<ProxyOverheadResult> {
  const headers = { Authorization: `Bearer ${BUSINESS_KEY}` };
  const cases: Record<string, ProxyCaseResult> = {};
  const pooled = { direct: [] as number[], proxy: [] as number[] };
  const pooledCpu = noCpu();
  let limited = 0;
  const members = groups && {
    platform: await groupMembers(groups.platform),
    dashboard: await groupMembers(groups.dashboard),
  };
  const cpuNow = async () =>
    members
      ? { platform: await threadsCpuNs(members.platform), dashboard: await threadsCpuNs(members.dashboard) }
      : undefined;
  for (const c of PROXY_CASES) {
    const direct: number[] = [];
    const proxy: number[] = [];
    const cpu = noCpu();
    const sides = [
      { name: "direct" as const, run: () => timedGet(`${platformUrl}/events?${c.qs}`, headers) },
      { name: "proxy" as const, run: () => timedGet(`${dashboardUrl}/api/events?${c.qs}`) },
    ];
    for (let i = 0; i < opts.warmup + opts.samples; i++) {
      // Alternate which side goes first, so neither always follows the other.
      const order = i % 2 === 0 ? sides : [sides[1], sides[0]];
      for (const side of order) {
        const before = await cpuNow();
        const slot = sleep(PROXY_PACE_MS);
        const reply = await side.run();
        limited += reply.limited;
        await slot;
        const after = await cpuNow();
        if (i < opts.warmup) continue;
        (side.name === "direct" ? direct : proxy).push(reply.ms);
        if (before && after) {
          cpu.platform[side.name] += after.platform - before.platform;
          cpu.dashboard[side.name] += after.dashboard - before.dashboard;
          cpu.n[side.name] += 1;
        }
      }
    }
    pooled.direct.push(...direct);
    pooled.proxy.push(...proxy);
    addCpu(pooledCpu, cpu);
    cases[c.name] = { direct: figures(direct), proxy: figures(proxy), ...(members && { cpu: perRequest(cpu) }) };
  }
  return {
    cases,
    all: {
      direct: figures(pooled.direct),
      proxy: figures(pooled.proxy),
      ...(members && { cpu: perRequest(pooledCpu) }),
    },
    limited,
  };
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
