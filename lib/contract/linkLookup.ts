import * as z from "./zod";
import { ApiError } from "./errors";
import { createLinkBody } from "./links";
import { parseListParams, textParam } from "./listPages";

/**
 * One link, named as the hosted platform names it: by its id or `ext_<externalId>` in the path
 * (GET, PATCH, DELETE /links/{linkId}), or by domain and key, id, or external id in the query of
 * GET /links/info. PATCH takes any field of the create body.
 */

export const EXTERNAL_ID_PREFIX = "ext_";

export type LinkRef =
  | { by: "id"; id: string }
  | { by: "externalId"; externalId: string }
  | { by: "domainKey"; domain: string; key: string };

/** A link id of the path: `ext_` names the link by its external id. */
export function linkRefOfPath(linkId: string): LinkRef {
  return linkId.startsWith(EXTERNAL_ID_PREFIX)
    ? { by: "externalId", externalId: linkId.slice(EXTERNAL_ID_PREFIX.length) }
    : { by: "id", id: linkId };
}

export const infoShape = {
  domain: textParam("domain"),
  key: textParam("key"),
  linkId: textParam("linkId"),
  externalId: textParam("externalId"),
};

/** GET /links/info: a link id, else an external id, else a domain and key (no key: the domain's root link). */
export function parseLinkInfoQuery(params: URLSearchParams): LinkRef {
  const { parsed } = parseListParams(infoShape, params);
  if (parsed.linkId !== undefined) return linkRefOfPath(parsed.linkId);
  if (parsed.externalId !== undefined) {
    if (!parsed.externalId.startsWith(EXTERNAL_ID_PREFIX)) {
      throw new ApiError("bad_request", `Invalid externalId: prefix it with "${EXTERNAL_ID_PREFIX}".`);
    }
    return linkRefOfPath(parsed.externalId);
  }
  if (parsed.domain !== undefined)
    return { by: "domainKey", domain: parsed.domain.toLowerCase(), key: parsed.key ?? "_root" };
  throw new ApiError(
    "bad_request",
    "You must provide a domain and a key, a linkId or an externalId to retrieve a link.",
  );
}

/** PATCH /links/{linkId}: any field of a new link; a field left out keeps its value. */
export const updateLinkBody = z.partial(createLinkBody);
export type UpdateLinkBody = z.output<typeof updateLinkBody>;
