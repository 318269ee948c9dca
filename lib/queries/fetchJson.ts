import { isAbort } from "../http/abort";
import { scopedApiPath, type ApiScope } from "../scope/apiScope";
import { keyRefusalOf, markKeyRefused } from "./refusedKeys";
import { RequestError, requestErrorFrom } from "./requestError";

/** Order in the proxy's rate-budget queue (higher first): what is on screen before what may be. */
export const PRIORITY = { visible: 10, companion: 5, prefetch: -10 } as const;

/** GET a same-origin JSON endpoint of a workspace or share link (`scope`, the one in the query's key); every failure becomes a RequestError (aborts are rethrown as is). */
export async function fetchJson(
  scope: ApiScope,
  url: string,
  signal?: AbortSignal,
  priority?: number,
): Promise<unknown> {
  // The platform refused this workspace's key: asking again would be refused alike (./refusedKeys.ts).
  const refusal = keyRefusalOf(scope);
  if (refusal) throw refusal;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (priority !== undefined) headers["X-Linklens-Priority"] = String(priority);
  let response: Response;
  try {
    response = await fetch(scopedApiPath(scope, url), { signal, headers });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new RequestError(
      0,
      "network_error",
      "The dashboard server could not be reached. Check your connection and retry.",
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = requestErrorFrom(response, body);
    if (error.refusedBy === "workspace-key") markKeyRefused(scope, error);
    throw error;
  }
  if (body === undefined)
    throw new RequestError(response.status, "invalid_response", "The platform sent a reply that is not JSON.");
  return body;
}
