import type { UpstreamConfig } from "./config";
import { fetchUpstream, type UpstreamReply } from "./client";
import { budgetFor } from "./rateBudget";

export interface CallOptions {
  priority?: number;
  signal?: AbortSignal;
}

/** One platform request through the key's rate budget (queued, 429s retried). */
export function callUpstream(config: UpstreamConfig, path: string, params: URLSearchParams, options: CallOptions = {}): Promise<UpstreamReply> {
  const { signal, priority } = options;
  return budgetFor(config.baseUrl, config.apiKey).schedule(() => fetchUpstream(config, path, params, signal), { priority, signal });
}
