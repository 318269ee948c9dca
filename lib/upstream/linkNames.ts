import "server-only";
import type { NameOption } from "../contract/names";
import { linkName } from "../contract/linkNames";
import { GatewayError, jsonResponse } from "./gatewayError";
import type { Proxy } from "./upstreamProxy";
import { failure, relay } from "./relay";

/** A chip's name is what the user is looking at: first in the key's budget, as the pickers' names. */
const LINK_NAMES_PRIORITY = 10;

/**
 * GET …/names?param=linkId&value=<id>…: each link's name from the platform's GET /links/{linkId}
 * (the link detail by id), in the order asked; a link the platform does not find (404) is left
 * out, any other refusal is relayed as it came.
 */
export async function listLinkNames(proxy: Proxy, ids: readonly string[], signal: AbortSignal): Promise<Response> {
  const names: NameOption[] = [];
  try {
    for (const id of ids) {
      const reply = await proxy.send(`/links/${encodeURIComponent(id)}`, new URLSearchParams(), {
        priority: LINK_NAMES_PRIORITY,
        signal,
      });
      if (reply.status === 404) continue;
      if (reply.status !== 200) return relay(reply);
      let body: unknown;
      try {
        body = JSON.parse(reply.body);
      } catch {
        body = undefined;
      }
      const name = linkName(body);
      if (!name) throw new GatewayError(502, "The link platform's GET /links/{linkId} reply is not a link.");
      names.push(name);
    }
  } catch (error) {
    return failure(error);
  }
  return jsonResponse(200, JSON.stringify(names), { "Cache-Control": "private, max-age=60" });
}
