import "server-only";
import { request, type Dispatcher } from "undici";
import { isAbort } from "../http/abort";
import type { Clock } from "./clock";
import type { UpstreamConfig } from "./config";
import { GatewayError } from "./gatewayError";
import { replyFromBytes } from "./replyBytes";

export interface UpstreamReply {
  status: number;
  headers: Headers;
  body: string;
}

interface FetchOptions {
  /** Times the request out after `config.timeoutMs`. */
  clock: Clock;
  /** The caller went away: the fetch is aborted and the AbortError propagates. */
  signal?: AbortSignal;
  /** The connection pool that applies the address policy at connect time (lib/http/outboundAgent.ts). */
  dispatcher: Dispatcher;
}

function upstreamUrl(config: UpstreamConfig, path: string, params: URLSearchParams | string): string {
  const query = params.toString();
  return `${config.baseUrl}${path}${query ? `?${query}` : ""}`;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** The connection's error: undici's `request` throws it as is (`fetch` wrapped it as the cause). */
function causeOf(error: unknown): { code?: string; message?: string } {
  const cause = error instanceof Error && !("code" in error) ? error.cause : error;
  if (!cause || typeof cause !== "object") return {};
  return {
    code: "code" in cause && typeof cause.code === "string" ? cause.code : undefined,
    message: "message" in cause && typeof cause.message === "string" ? cause.message : undefined,
  };
}

/**
 * Why a request failed before any reply, as the page sees it. Refused, reset, unresolvable and
 * unreachable all read the same (the page is no port scanner); the detail goes to the server's log.
 * Only the address policy's refusal is named: the owner who saved the URL has to change it.
 */
function unreachable(host: string, error: unknown): GatewayError {
  const cause = causeOf(error);
  if (cause.code === "ELINKLENS_ADDRESS_REFUSED")
    return new GatewayError(502, `The link platform is not reachable from this dashboard: ${cause.message}`);
  console.warn(
    `[linklens] the link platform at ${host} could not be reached: ${cause.code ?? (error instanceof Error ? error.name : typeof error)}`,
  );
  return new GatewayError(502, "The link platform could not be reached.");
}

/** The reply's headers as a Headers (undici's request gives a record; a value Headers refuses is left out). */
function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      try {
        headers.append(name, one);
      } catch {
        // not a header value a Headers holds: nothing the dashboard reads
      }
    }
  }
  return headers;
}

/**
 * One GET to the platform with the workspace key (`params` as URLSearchParams or already serialised), bounded by `config.timeoutMs` (body included).
 * Messages say "the link platform", never its address: they reach the browser (a share link's too).
 * An abort (the caller's signal or the timeout) closes the connection, which is how the platform
 * learns that no one waits for its answer any more and interrupts the query.
 *
 * undici's `request` rather than `fetch`: the same connection pool, without the WHATWG streams a
 * fetch body goes through (about a millisecond of CPU less per 200 kB page of events). It follows
 * no redirect, as `redirect: "manual"` did.
 */
export async function fetchUpstream(
  config: UpstreamConfig,
  path: string,
  params: URLSearchParams | string,
  options: FetchOptions,
): Promise<UpstreamReply> {
  const { clock, signal, dispatcher } = options;
  // One controller for both ends: the timeout, and the caller going away.
  const abort = new AbortController();
  let timedOut = false;
  const cancelTimeout = clock.setTimer(() => {
    timedOut = true;
    abort.abort(new DOMException("The link platform did not answer in time.", "TimeoutError"));
  }, config.timeoutMs);
  const onCallerAbort = () => abort.abort(signal?.reason);
  if (signal?.aborted) onCallerAbort();
  else signal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    const response = await request(upstreamUrl(config, path, params), {
      method: "GET",
      headers: { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json", "User-Agent": "linklens" },
      signal: abort.signal,
      dispatcher,
    });
    // The bytes as they came: a page of events is redacted and relayed as bytes (./eventsBytes.ts).
    const bytes = new Uint8Array(await response.body.arrayBuffer());
    if (response.statusCode >= 300 && response.statusCode < 400) {
      throw new GatewayError(
        502,
        `The link platform answered with a redirect (${response.statusCode}); set LINK_API_BASE_URL to the platform's final address.`,
      );
    }
    return replyFromBytes(response.statusCode, headersOf(response.headers), bytes);
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    if (timedOut)
      throw new GatewayError(504, `The link platform did not answer within ${formatSeconds(config.timeoutMs)}.`);
    if (signal?.aborted || isAbort(error)) throw error;
    throw unreachable(new URL(config.baseUrl).host, error);
  } finally {
    cancelTimeout();
    signal?.removeEventListener("abort", onCallerAbort);
  }
}
