import type { Context } from "hono";
import { parseCustomersQuery } from "../../contract/customers";
import { parseFoldersQuery } from "../../contract/folders";
import { parsePartnersQuery } from "../../contract/partners";
import { parseTagsQuery } from "../../contract/tags";
import { listCustomers } from "../query/customersList";
import type { Db } from "../query/db";
import { listFolders } from "../query/foldersList";
import { listPartners } from "../query/partnersList";
import { listTags } from "../query/tagsList";
import { requireIdentity } from "./auth";
import type { AppEnv } from "./context";
import { respond } from "./respond";

/**
 * The hosted platform's list endpoints that name what the filters filter by: GET /tags, /folders,
 * /partners and /customers. Any plan may read them (they are not analytics: the app's standard
 * per-minute budget applies); each lists the key's workspace only. Credentials are checked before
 * the query string, as for /events.
 */
function listRoute<Q, T>(parse: (params: URLSearchParams) => Q, list: (db: Db, workspaceId: string, query: Q) => Promise<T[]>) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const identity = requireIdentity(c.get("auth"));
    const query = parse(new URL(c.req.url).searchParams);
    return respond(c, await list(c.get("store").db, identity.workspaceId, query));
  };
}

export const LIST_ROUTES = {
  "/tags": listRoute(parseTagsQuery, listTags),
  "/folders": listRoute(parseFoldersQuery, listFolders),
  "/partners": listRoute(parsePartnersQuery, listPartners),
  "/customers": listRoute(parseCustomersQuery, listCustomers),
} as const;
