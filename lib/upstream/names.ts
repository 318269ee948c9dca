import "server-only";
import { MAX_NAME_PAGES, NAME_SOURCES, namesInPage, type NameOption, type NamedParam } from "../contract/names";
import { GatewayError, jsonResponse } from "./gatewayError";
import type { Proxy } from "./upstreamProxy";
import { failure, relay } from "./relay";

/** Names are asked for by an open picker, what the user is looking at: first in the key's budget, with the page's visible requests. */
const NAMES_PRIORITY = 10;

/**
 * GET …/names?param=: every name of a filter's ids that its list endpoint gives (folders, partner
 * tags), paged up to MAX_NAME_PAGES, one per id, sorted by name. The platform's refusal is relayed
 * as it came (a hosted platform without the endpoint: 404, and the picker takes free text).
 */
export async function listNames(proxy: Proxy, param: NamedParam, signal: AbortSignal): Promise<Response> {
  const source = NAME_SOURCES[param];
  const names = new Map<string, NameOption>();
  try {
    for (let page = 1; page <= MAX_NAME_PAGES; page++) {
      const params = new URLSearchParams({ page: String(page), pageSize: String(source.pageSize) });
      const reply = await proxy.send(source.path, params, { priority: NAMES_PRIORITY, signal });
      if (reply.status !== 200) return relay(reply);
      let body: unknown;
      try {
        body = JSON.parse(reply.body);
      } catch {
        body = undefined;
      }
      const read = namesInPage(param, body);
      if (!read)
        throw new GatewayError(
          502,
          `The link platform's ${source.path} reply is not the list the dashboard reads names from.`,
        );
      for (const name of read.names) names.set(name.value, name);
      if (read.received < source.pageSize) break;
    }
  } catch (error) {
    return failure(error);
  }
  const sorted = [...names.values()].sort((a, b) => a.label.localeCompare(b.label));
  return jsonResponse(200, JSON.stringify(sorted), { "Cache-Control": "private, max-age=60" });
}
