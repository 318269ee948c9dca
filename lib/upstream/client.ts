import type { UpstreamConfig } from "./config";
import { GatewayError, isAbort } from "./errors";

export interface UpstreamReply {
  status: number;
  headers: Headers;
  body: string;
}

export function upstreamUrl(config: UpstreamConfig, path: string, params: URLSearchParams): string {
  const query = params.toString();
  return `${config.baseUrl}${path}${query ? `?${query}` : ""}`;
}

export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function hostOf(config: UpstreamConfig): string {
  return new URL(config.baseUrl).host;
}

function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause && typeof cause === "object" && "code" in cause && typeof cause.code === "string") return cause.code;
  return undefined;
}

/**
 * One GET to the platform with the workspace key. Bounded by `config.timeoutMs` (body included);
 * an abort by `signal` (the caller went away) propagates as an AbortError.
 */
export async function fetchUpstream(
  config: UpstreamConfig,
  path: string,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<UpstreamReply> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
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
        `The link platform at ${hostOf(config)} answered with a redirect (${response.status}); set LINK_API_BASE_URL to the platform's final address.`,
      );
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    if (timeout.aborted) throw new GatewayError(504, `The link platform did not answer within ${formatSeconds(config.timeoutMs)}.`);
    if (signal?.aborted || isAbort(error)) throw error;
    const code = causeCode(error);
    throw new GatewayError(502, `The link platform at ${hostOf(config)} could not be reached${code ? ` (${code})` : ""}.`);
  }
}
