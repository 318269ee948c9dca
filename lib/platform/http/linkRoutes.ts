import type { Context } from "hono";
import { parseJson, readBody } from "../../contract/body";
import { parseDomainsQuery } from "../../contract/domains";
import { bulkLinksBody, createLinkBody, parseLinksQuery } from "../../contract/links";
import { createPartnerBody } from "../../contract/partnerCreate";
import { listDomains } from "../query/domainsList";
import { listLinks } from "../query/linksList";
import { createLink, createLinks } from "../write/createLinks";
import { createPartner } from "../write/createPartner";
import type { StoreWriter } from "../write/storeWriter";
import { linkAuthor, requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/**
 * Links, domains and partners: POST /links, POST /links/bulk, GET /links, GET /domains and
 * POST /partners, with the hosted platform's paths and shapes. Any plan may call them; the
 * standard per-minute budget applies.
 */

type Route = (c: Context<AppEnv>) => Promise<Response>;

export function linkRoutes(
  writer: StoreWriter | null | undefined,
  now: () => Date,
): { method: "get" | "post"; path: string; route: Route }[] {
  return [
    {
      method: "post",
      path: "/links",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, createLinkBody);
        return respond(c, await createLink(requireWriter(writer), linkAuthor(identity), body, now()));
      },
    },
    {
      method: "post",
      path: "/links/bulk",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        // The array is bounded first; each item is then read on its own and reported in its place.
        const items = readBody(bulkLinksBody, parseJson(await c.req.text()));
        return respond(c, await createLinks(requireWriter(writer), linkAuthor(identity), items, now()));
      },
    },
    {
      method: "get",
      path: "/links",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(
          c,
          await listLinks(c.get("store"), identity.workspaceId, parseLinksQuery(new URL(c.req.url).searchParams)),
        );
      },
    },
    {
      method: "get",
      path: "/domains",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        return respond(
          c,
          await listDomains(
            c.get("store").db,
            identity.workspaceId,
            parseDomainsQuery(new URL(c.req.url).searchParams),
          ),
        );
      },
    },
    {
      method: "post",
      path: "/partners",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, createPartnerBody);
        return respond(c, await createPartner(requireWriter(writer), linkAuthor(identity), body, now()), 201);
      },
    },
  ];
}
