import type { Context } from "hono";
import { linkRefOfPath, parseLinkInfoQuery, updateLinkBody } from "../../contract/linkLookup";
import type { StoreWriter } from "../write/storeWriter";
import { deleteLink, getLink, updateLink } from "../write/updateLinks";
import { requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/**
 * One link: GET /links/info (by domain and key, id or external id), GET, PATCH and DELETE
 * /links/{linkId} (an id, or `ext_` and the external id), as hosted. Any plan; the standard
 * per-minute budget.
 */

type Route = (c: Context<AppEnv>) => Promise<Response>;

export function linkByIdRoutes(
  writer: StoreWriter | null | undefined,
  now: () => Date,
): { method: "get" | "patch" | "delete"; path: string; route: Route }[] {
  return [
    {
      method: "get",
      path: "/links/info",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(
          c,
          await getLink(c.get("store"), identity.workspaceId, parseLinkInfoQuery(new URL(c.req.url).searchParams)),
        );
      },
    },
    {
      method: "get",
      path: "/links/:linkId",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(
          c,
          await getLink(c.get("store"), identity.workspaceId, linkRefOfPath(c.req.param("linkId") ?? "")),
        );
      },
    },
    {
      method: "patch",
      path: "/links/:linkId",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, updateLinkBody);
        const ref = linkRefOfPath(c.req.param("linkId") ?? "");
        return respond(
          c,
          await updateLink(requireWriter(writer), c.get("store"), identity.workspaceId, ref, body, now()),
        );
      },
    },
    {
      method: "delete",
      path: "/links/:linkId",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        const ref = linkRefOfPath(c.req.param("linkId") ?? "");
        return respond(c, await deleteLink(requireWriter(writer), c.get("store"), identity.workspaceId, ref));
      },
    },
  ];
}
