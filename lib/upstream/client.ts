import "server-only";
import { isAbort } from "../http/abort";
import type { Clock } from "./clock";
import type { UpstreamConfig } from "./config";
import { GatewayError } from "./errors";

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
}

function upstreamUrl(config: UpstreamConfig, path: string, params: URLSearchParams): string {
  const query = params.toString();
  return `${config.baseUrl}${path}${query ? `?${query}` : ""}`;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause && typeof cause === "object" && "code" in cause && typeof cause.code === "string") return cause.code;
  return undefined;
}

/**
 * One GET to the platform with the workspace key, bounded by `config.timeoutMs` (body included).
 * Messages say "the link platform", never its address: they reach the browser.
 * An abort (the caller's signal or the timeout) closes the connection, which is how the platform
 * learns that no one waits for its answer any more and interrupts the query.
 */
export async function fetchUpstream(config: UpstreamConfig, path: string, params: URLSearchParams, options: FetchOptions): Promise<UpstreamReply> {
  const { clock, signal } = options;
  const timeout = new AbortController();
  const cancelTimeout = clock.setTimer(() => timeout.abort(new DOMException("The link platform did not answer in time.", "TimeoutError")), config.timeoutMs);
  const combined = signal ? AbortSignal.any([timeout.signal, signal]) : timeout.signal;
  try {
    const response = await fetch(upstreamUrl(config, path, params), {
      headers: { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json", "User-Agent": "linklens" },
      redirect: "manual",
      cache: "no-store",
      signal: combined,
    });
    const body = await response.text();
    if (response.status >= 300 && response.status < 400) {
      throw new GatewayError(
        502,
        `The link platform answered with a redirect (${response.status}); set LINK_API_BASE_URL to the platform's final address.`,
      );
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    if (timeout.signal.aborted) throw new GatewayError(504, `The link platform did not answer within ${formatSeconds(config.timeoutMs)}.`);
    if (signal?.aborted || isAbort(error)) throw error;
    const code = causeCode(error);
    throw new GatewayError(502, `The link platform could not be reached${code ? ` (${code})` : ""}.`);
  } finally {
    cancelTimeout();
  }
}
