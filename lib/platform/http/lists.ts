import type { Context } from "hono";
import { parseCustomersQuery } from "../../contract/customers";
import { parseFoldersQuery } from "../../contract/folders";
import { parseGroupsQuery } from "../../contract/groups";
import { parsePartnersQuery } from "../../contract/partners";
import { parseTagsQuery } from "../../contract/tags";
import { listCustomers } from "../query/customersList";
import type { Db } from "../query/db";
import { listFolders } from "../query/foldersList";
import { listGroups } from "../query/groupsList";
import { listPartners } from "../query/partnersList";
import { listTags } from "../query/tagsList";
import { requireIdentity, requirePlan } from "./auth";
import type { AppEnv } from "./context";
import type { Plan } from "./plans";
import { respond } from "./respond";

/**
 * The hosted platform's list endpoints that name what the filters filter by: GET /tags, /folders,
 * /partners, /groups and /customers. They are not analytics: the app's standard per-minute budget
 * applies; any plan may read them but /groups (Business and up, as hosted). Each lists the key's
 * workspace only. Credentials and plan are checked before the query string, as for /events.
 */
function listRoute<Q, T>(
  parse: (params: URLSearchParams) => Q,
  list: (db: Db, workspaceId: string, query: Q) => Promise<T[]>,
  minimumPlan?: Plan,
) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const identity = requireIdentity(c.get("auth"));
    if (minimumPlan) requirePlan(identity, minimumPlan, `GET ${c.req.path}`);
    const query = parse(new URL(c.req.url).searchParams);
    return respond(c, await list(c.get("store").db, identity.workspaceId, query));
  };
}

export const LIST_ROUTES = {
  "/tags": listRoute(parseTagsQuery, listTags),
  "/folders": listRoute(parseFoldersQuery, listFolders),
  "/partners": listRoute(parsePartnersQuery, listPartners),
  "/groups": listRoute(parseGroupsQuery, listGroups, "business"),
  "/customers": listRoute(parseCustomersQuery, listCustomers),
} as const;
