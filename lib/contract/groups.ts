import * as z from "./zod";
import { pageShape, parseListParams, sortOrderParam, textParam, type SortedPageRequest } from "./listPages";
import { oneOf } from "./params";

/**
 * GET /groups: the partner groups of the workspace's program, as the hosted platform lists them
 * (its `GET /api/groups`, Business plan and up; the SDK has no method for it yet). Sorted by
 * revenue by default, like the hosted platform.
 */

export const GROUP_SORTS = [
  "createdAt",
  "totalPartners",
  "totalClicks",
  "totalLeads",
  "totalSales",
  "totalSaleAmount",
  "totalConversions",
  "totalCommissions",
] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

export const DEFAULT_GROUPS_PAGE_SIZE = 100;

export interface GroupsQuery extends SortedPageRequest<GroupSort> {
  search?: string;
  groupIds?: string[];
}

export const groupsShape = {
  sortBy: oneOf("sortBy", GROUP_SORTS),
  sortOrder: sortOrderParam,
  search: textParam("search"),
  ...pageShape,
};

export function parseGroupsQuery(params: URLSearchParams): GroupsQuery {
  const { parsed, lists } = parseListParams(groupsShape, params, ["groupIds"]);
  return {
    sortBy: parsed.sortBy ?? "totalSaleAmount",
    sortOrder: parsed.sortOrder ?? "desc",
    search: parsed.search,
    groupIds: lists.groupIds,
    page: parsed.page ?? 1,
    pageSize: parsed.pageSize ?? DEFAULT_GROUPS_PAGE_SIZE,
  };
}

/**
 * A group as the hosted platform sends it, with its partners' all-time totals. The store keeps
 * names only: branding, rewards, discounts and link settings are what a new group has.
 */
export const groupListItemSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  wordmark: z.nullable(z.string()),
  brandColor: z.nullable(z.string()),
  holdingPeriodDays: z.number(),
  autoApprovePartnersEnabledAt: z.nullable(z.string()),
  clickReward: z.null(),
  leadReward: z.null(),
  saleReward: z.null(),
  discount: z.null(),
  utmTemplate: z.null(),
  additionalLinks: z.nullable(z.array(z.unknown())),
  maxPartnerLinks: z.number(),
  linkStructure: z.enum(["short", "query", "path"]),
  totalPartners: z.number(),
  totalClicks: z.number(),
  totalLeads: z.number(),
  totalSales: z.number(),
  totalSaleAmount: z.number(),
  totalConversions: z.number(),
  totalCommissions: z.number(),
  netRevenue: z.number(),
});
export const groupListSchema = z.array(groupListItemSchema);
export type GroupListItem = z.infer<typeof groupListItemSchema>;
