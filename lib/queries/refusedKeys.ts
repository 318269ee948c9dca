import type { ApiScope } from "../scope/apiScope";
import type { RequestError } from "./requestError";

/**
 * The workspaces of this tab whose key the platform refused (a 401 the proxy marks, see
 * lib/http/refusedBy.ts). Every other request of that workspace would be refused alike, so none
 * is sent (fetchJson answers with the same refusal at once) until someone asks to try again: a
 * wrong key costs the platform a handful of requests, not a storm, and the page says it once
 * (components/workspace/KeyRefusedNotice.tsx).
 */
const refused = new Map<ApiScope, RequestError>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function keyRefusalOf(scope: ApiScope): RequestError | undefined {
  return refused.get(scope);
}

export function markKeyRefused(scope: ApiScope, error: RequestError): void {
  if (refused.has(scope)) return;
  refused.set(scope, error);
  changed();
}

/** "Try again" (after an owner fixed the key): the workspace's requests are sent again. */
export function clearKeyRefusal(scope: ApiScope): void {
  if (refused.delete(scope)) changed();
}

export function subscribeKeyRefusals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
