import type { Dispatcher } from "undici";
import { fetchUpstream, type UpstreamReply } from "./client";
import type { Clock } from "./clock";
import type { UpstreamConfig } from "./config";
import { ENDPOINTS, type EndpointName } from "./endpoints";
import { GatewayError } from "./gatewayError";
import type { KeyBudgets, ScheduleOptions } from "./keyBudgets";
import { keyFingerprint } from "./keyFingerprint";
import { limitClassOf } from "./limitClass";
import { requestPriority } from "./priority";
import { MASKED, type Disclosure } from "./privacy";
import { cancelled, failure, relayEncoded } from "./relay";
import type { ReplyCache } from "./replyCache";
import { Urgency } from "./urgency";
import { maxWaitFor } from "./viewWait";

/** What a proxy is built from: the server passes the environment's and the real clock (lib/server/proxyRoot.ts), tests their own. */
export interface ProxyParts {
  /** The settings, or why the environment gives none: then every request that passes validation gets that 500. */
  config: UpstreamConfig | GatewayError;
  clock: Clock;
  /** In process (./cache.ts), or shared by replicas on Redis (./shared/sharedCache.ts): ./replicaParts.ts chooses. */
  cache: ReplyCache;
  /** In process (./rateBudget.ts), with a window shared on Redis or not. */
  budgets: KeyBudgets;
  /** Where connections are opened: the address policy applied at connect time (lib/http/outboundAgent.ts). */
  dispatcher: Dispatcher;
}

/** A platform request's place in the key's queue; the path is the proxy's to say. */
export type SendOptions = Omit<ScheduleOptions, "path">;

export interface Proxy {
  /**
   * The whole of a proxy route: validate with the contract (400/422 before any upstream call),
   * canonicalize, then cache → rate budget → platform, and relay the reply as `disclosure` lets
   * this requester see it (masked IPs and no link password unless said otherwise). A request the
   * browser abandons leaves the shared load, which is cancelled (dropped from the budget's queue,
   * or its fetch aborted and so its connection closed) once no identical request still waits on it.
   * `notKept` is told as soon as the reply is known not to come from the cache (./replyCache.ts).
   */
  forward(endpoint: EndpointName, request: Request, disclosure?: Disclosure, notKept?: () => void): Promise<Response>;
  /** One platform request through the key's rate budget (queued, 429s retried), never cached nor redacted: the export's pages. A string is a query already serialised. */
  send(path: string, params: URLSearchParams | string, options?: SendOptions): Promise<UpstreamReply>;
}

export function createProxy({ config, clock, cache, budgets, dispatcher }: ProxyParts): Proxy {
  const settings = (): UpstreamConfig => {
    if (config instanceof GatewayError) throw config;
    return config;
  };

  async function send(
    path: string,
    params: URLSearchParams | string,
    options: SendOptions = {},
  ): Promise<UpstreamReply> {
    const upstream = settings();
    const { signal } = options;
    return budgets
      .forKey(upstream.baseUrl, upstream.apiKey, limitClassOf(path))
      .schedule(() => fetchUpstream(upstream, path, params, { clock, signal, dispatcher }), { ...options, path });
  }

  async function forward(
    endpoint: EndpointName,
    request: Request,
    disclosure: Disclosure = MASKED,
    notKept?: () => void,
  ): Promise<Response> {
    const { path, canonical, shown, variant } = ENDPOINTS[endpoint];
    try {
      const query = canonical(new URL(request.url).search);
      const { baseUrl, apiKey, cacheTtlMs } = settings();
      const priority = requestPriority(request);
      const maxWaitMs = maxWaitFor(priority);
      // An identical request in flight that the cache joins this one to takes its priority and wait.
      const urgency = new Urgency(priority, maxWaitMs);
      const { reply, outcome } = await cache.get(
        `${keyFingerprint(baseUrl, apiKey)} ${path}?${query} ${variant(disclosure)}`,
        cacheTtlMs,
        async (signal) => shown(await send(path, query, { priority, signal, maxWaitMs, urgency }), disclosure),
        request.signal,
        urgency,
        notKept,
      );
      return relayEncoded(reply, outcome, request);
    } catch (error) {
      // Next aborts `request.signal` when the browser goes away (React Query cancels superseded views).
      return request.signal.aborted ? cancelled() : failure(error);
    }
  }

  return { forward, send };
}
