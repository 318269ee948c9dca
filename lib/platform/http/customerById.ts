import type { Context } from "hono";
import { parseCustomerQuery, updateCustomerBody } from "../../contract/customers";
import type { StoreWriter } from "../write/storeWriter";
import { getCustomer, updateCustomer } from "../write/updateCustomer";
import { requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";
import { requireWriter, writeRequest } from "./writeRoutes";

/** GET and PATCH /customers/{id} (an id, or `ext_` and the external id), as hosted; the standard per-minute budget. */

type Route = (c: Context<AppEnv>) => Promise<Response>;

export function customerByIdRoutes(
  writer: StoreWriter | null | undefined,
): { method: "get" | "patch"; path: string; route: Route }[] {
  return [
    {
      method: "get",
      path: "/customers/:id",
      route: async (c) => {
        const identity = requireIdentity(c.get("auth"));
        const query = parseCustomerQuery(c.req.param("id") ?? "", new URL(c.req.url).searchParams);
        return respond(c, await getCustomer(c.get("store").db, identity.workspaceId, query));
      },
    },
    {
      method: "patch",
      path: "/customers/:id",
      route: async (c) => {
        const { identity, body } = await writeRequest(c, updateCustomerBody);
        const query = parseCustomerQuery(c.req.param("id") ?? "", new URL(c.req.url).searchParams);
        return respond(c, await updateCustomer(requireWriter(writer), identity.workspaceId, query, body));
      },
    },
  ];
}
