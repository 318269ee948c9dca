import { sharedCache } from "./cache";
import { callUpstream } from "./call";
import { upstreamConfig, type UpstreamConfig } from "./config";
import { ENDPOINTS, type EndpointName, type UpstreamEndpoint } from "./endpoints";
import { cancelled, failure, relay } from "./relay";
import { keyFingerprint } from "./rateBudget";

export interface ProxyOptions {
  /** Higher leaves the rate-budget queue first; defaults to the `X-Linklens-Priority` request header, else 0. */
  priority?: number;
}

/** Charts name their priority; the events table sends numbers (lib/queries/fetchJson PRIORITY). */
const NAMED_PRIORITY: Readonly<Record<string, number>> = { high: 10, low: -10 };

function headerPriority(request: Request): number {
  const raw = request.headers.get("x-linklens-priority")?.trim().toLowerCase() ?? "";
  if (Object.hasOwn(NAMED_PRIORITY, raw)) return NAMED_PRIORITY[raw];
  const n = raw === "" ? NaN : Number(raw);
  return Number.isInteger(n) ? Math.max(-100, Math.min(100, n)) : 0;
}

function cacheKey(config: UpstreamConfig, path: string, params: URLSearchParams): string {
  return `${keyFingerprint(config.baseUrl, config.apiKey)} ${path}?${params.toString()}`;
}

/**
 * The whole of a proxy route: validate with the contract (400/422 before any upstream call),
 * canonicalize, then cache → rate budget → platform, and relay the reply. A request the browser
 * abandons leaves the shared load, which is cancelled (dropped from the budget's queue, or its
 * fetch aborted) once no identical request still waits on it.
 */
export async function proxyGet(endpoint: EndpointName | UpstreamEndpoint, request: Request, options: ProxyOptions = {}): Promise<Response> {
  const spec = typeof endpoint === "string" ? ENDPOINTS[endpoint] : endpoint;
  try {
    const params = spec.canonical(new URL(request.url).searchParams);
    const config = upstreamConfig();
    const priority = options.priority ?? headerPriority(request);
    const { reply, outcome } = await sharedCache.get(
      cacheKey(config, spec.path, params),
      config.cacheTtlMs,
      (signal) => callUpstream(config, spec.path, params, { priority, signal }),
      request.signal,
    );
    return relay(reply, outcome);
  } catch (error) {
    // Next aborts `request.signal` when the browser goes away (React Query cancels superseded views).
    return request.signal.aborted ? cancelled() : failure(error);
  }
}
