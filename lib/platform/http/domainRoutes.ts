import type { Context } from "hono";
import { createDomainBody, updateDomainBody } from "../../contract/domainWrite";
import { createDomain, getDomain, makePrimary, updateDomain } from "../write/domains";
import type { StoreWriter } from "../write/storeWriter";
import { requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** POST /domains (201), GET and PATCH /domains/{slug}, POST /domains/{slug}/primary, as hosted; the standard per-minute budget. */

type Route = (c: Context<AppEnv>) => Promise<Response>;

export function domainRoutes(
  writer: StoreWriter | null | undefined,
): { method: "get" | "post" | "patch"; path: string; route: Route }[] {
  const slugOf = (c: Context<AppEnv>) => c.req.param("slug") ?? "";
  return [
    {
      method: "post",
      path: "/domains",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, createDomainBody);
        return respond(c, await createDomain(requireWriter(writer), c.get("store"), identity.workspaceId, body), 201);
      },
    },
    {
      method: "get",
      path: "/domains/:slug",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(c, await getDomain(c.get("store"), identity.workspaceId, slugOf(c)));
      },
    },
    {
      method: "patch",
      path: "/domains/:slug",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, updateDomainBody);
        return respond(
          c,
          await updateDomain(requireWriter(writer), c.get("store"), identity.workspaceId, slugOf(c), body),
        );
      },
    },
    {
      method: "post",
      path: "/domains/:slug/primary",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(c, await makePrimary(requireWriter(writer), c.get("store"), identity.workspaceId, slugOf(c)));
      },
    },
  ];
}
