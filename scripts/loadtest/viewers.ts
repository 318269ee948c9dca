import { rateLimitDelayMs, retryRateLimited } from "../../lib/queries/queryPolicy";
import { requestErrorFrom } from "../../lib/queries/requestError";
import type { DataRequest, ViewGroup } from "./views";

export interface RequestResult {
  path: string;
  /** The last reply's status; 0 when no response came (network error). */
  status: number;
  /** X-Linklens-Cache of the last reply: hit, shared or miss. */
  cache: string | null;
  /** The 429s on the way, each retried after its Retry-After as the page's query policy does: what each said. */
  limited: string[];
  /** What the last reply said when it was not a success: its error code and message, or the network error. */
  error?: { code: string; message: string };
}

export interface PageResult {
  viewer: number;
  view: string;
  step: "open" | "filter";
  /** performance.now() when the page asked for its data. */
  startedAt: number;
  /** Until its last data request was answered. */
  ms: number;
  requests: RequestResult[];
}

export interface ViewerOptions {
  url: string;
  groups: readonly ViewGroup[];
  viewers: number;
  seconds: number;
  seed: number;
  /** Viewers arrive spread over this long (people do not open a link in the same millisecond). */
  rampMs: number;
}

/** mulberry32: the viewers' choices, the same for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fetch that got no reply: undici's TypeError("fetch failed") names the reason in its cause. */
function networkError(error: unknown): { code: string; message: string } {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error && "code" in cause && typeof cause.code === "string" ? cause.code : "network";
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return { code, message };
}

/** One data request, retried on a 429 after its Retry-After as the page does (lib/queries/queryPolicy). */
async function ask(url: string, request: DataRequest): Promise<RequestResult> {
  const limited: string[] = [];
  for (;;) {
    try {
      const response = await fetch(`${url}${request.path}`, {
        headers: request.priority === undefined ? {} : { "X-Linklens-Priority": request.priority },
      });
      const text = await response.text();
      const result: RequestResult = {
        path: request.path,
        status: response.status,
        cache: response.headers.get("x-linklens-cache"),
        limited,
      };
      if (response.ok) return result;
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // not the spec's error shape
      }
      const error = requestErrorFrom(response, body);
      result.error = { code: error.code, message: error.message };
      if (response.status !== 429) return result;
      limited.push(error.message);
      if (!retryRateLimited(limited.length - 1, error)) return result;
      await wait(rateLimitDelayMs(limited.length, error));
    } catch (error) {
      return { path: request.path, status: 0, cache: null, limited, error: networkError(error) };
    }
  }
}

/**
 * `viewers` people for `seconds`: each opens a shared view (all the data requests its page makes,
 * at once, as the browser sends them), looks at it 2–6 s, applies one of its filters (that view's
 * requests), looks again, and starts over with another view. Pages still loading when time is up
 * are waited for.
 */
export async function simulateViewers(options: ViewerOptions): Promise<PageResult[]> {
  const pages: PageResult[] = [];
  const end = performance.now() + options.seconds * 1000;
  const load = async (viewer: number, view: string, step: PageResult["step"], requests: readonly DataRequest[]) => {
    const startedAt = performance.now();
    const results = await Promise.all(requests.map((request) => ask(options.url, request)));
    pages.push({ viewer, view, step, startedAt, ms: performance.now() - startedAt, requests: results });
  };
  const viewer = async (index: number) => {
    const next = random(options.seed * 1000 + index);
    await wait(next() * options.rampMs);
    while (performance.now() < end) {
      const group = options.groups[Math.floor(next() * options.groups.length)];
      await load(index, group.open.url, "open", group.open.requests);
      await wait(2000 + next() * 4000);
      if (performance.now() >= end) break;
      const filtered = group.filters[Math.floor(next() * group.filters.length)];
      await load(index, filtered.url, "filter", filtered.requests);
      await wait(2000 + next() * 4000);
    }
  };
  await Promise.all(Array.from({ length: options.viewers }, (_, i) => viewer(i)));
  return pages;
}
