import * as z from "./zod";
import { pageShape, parseListParams, sortOrderParam, textParam, type SortedPageRequest } from "./listPages";
import { described, fail, oneOf } from "./params";
import { isoTimestamp } from "./timestamps";

/** GET /partners: the partners of the workspace's program, as the hosted platform lists them (its SDK's `partners.list`). */

export const PARTNER_SORTS = [
  "createdAt",
  "totalClicks",
  "totalLeads",
  "totalConversions",
  "totalSaleAmount",
  "totalCommissions",
  "netRevenue",
  "earningsPerClick",
  "averageLifetimeValue",
  "clickToLeadRate",
  "clickToConversionRate",
  "leadToConversionRate",
  "returnOnAdSpend",
] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

export const PARTNER_STATUSES = [
  "pending",
  "approved",
  "rejected",
  "invited",
  "declined",
  "deactivated",
  "banned",
  "archived",
] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const DEFAULT_PARTNERS_PAGE_SIZE = 100;

export interface PartnersQuery extends SortedPageRequest<PartnerSort> {
  groupId?: string;
  status?: PartnerStatus;
  country?: string;
  email?: string;
  tenantId?: string;
  search?: string;
}

/** An ISO 3166-1 alpha-2 code, as partners' countries are stored. */
export function countryParam(param: string) {
  const schema = z.pipe(
    z.string(),
    z.transform((raw: string, ctx) =>
      /^[A-Z]{2}$/.test(raw)
        ? raw
        : fail(ctx, param, "unprocessable_entity", `"${raw}" is not an ISO 3166-1 alpha-2 country code.`),
    ),
  );
  return described(schema, "A 2-letter ISO 3166-1 country code.", { pattern: "^[A-Z]{2}$" });
}

export const partnersShape = {
  groupId: textParam("groupId"),
  status: oneOf("status", PARTNER_STATUSES),
  country: countryParam("country"),
  sortBy: oneOf("sortBy", PARTNER_SORTS),
  sortOrder: sortOrderParam,
  email: textParam("email"),
  tenantId: textParam("tenantId"),
  search: textParam("search"),
  ...pageShape,
};

export function parsePartnersQuery(params: URLSearchParams): PartnersQuery {
  const { parsed } = parseListParams(partnersShape, params);
  return {
    groupId: parsed.groupId,
    status: parsed.status,
    country: parsed.country,
    email: parsed.email,
    tenantId: parsed.tenantId,
    search: parsed.search,
    sortBy: parsed.sortBy ?? "totalSaleAmount",
    sortOrder: parsed.sortOrder ?? "desc",
    page: parsed.page ?? 1,
    pageSize: parsed.pageSize ?? DEFAULT_PARTNERS_PAGE_SIZE,
  };
}

const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

export const partnerLinkSchema = z.strictObject({
  id: z.string(),
  domain: z.string(),
  key: z.string(),
  shortLink: z.string(),
  url: z.string(),
  clicks: z.number(),
  leads: z.number(),
  conversions: z.number(),
  sales: z.number(),
  saleAmount: z.number(),
});

export const partnerListItemSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  username: nullableString,
  email: nullableString,
  image: nullableString,
  /** Optional in the hosted platform's reply; always given here. */
  description: z.optional(nullableString),
  country: nullableString,
  companyName: nullableString,
  networkStatus: z.literal("draft"),
  defaultPayoutMethod: z.null(),
  paypalEmail: nullableString,
  stripeConnectId: nullableString,
  payoutsEnabledAt: nullableString,
  identityVerifiedAt: nullableString,
  programId: z.string(),
  groupId: nullableString,
  partnerId: z.string(),
  tenantId: nullableString,
  createdAt: isoTimestamp,
  status: z.enum(PARTNER_STATUSES),
  links: z.nullable(z.array(partnerLinkSchema)),
  /** Partner tags, by name: what the dashboard names the partnerTagId filter with. */
  tags: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  totalClicks: z.number(),
  totalLeads: z.number(),
  totalConversions: z.number(),
  totalSales: z.number(),
  /** Cents, USD, like every sale amount the platform stores. */
  totalSaleAmount: z.number(),
  totalCommissions: z.number(),
  netRevenue: z.number(),
  earningsPerClick: nullableNumber,
  averageLifetimeValue: nullableNumber,
  clickToLeadRate: nullableNumber,
  clickToConversionRate: nullableNumber,
  leadToConversionRate: nullableNumber,
  returnOnAdSpend: nullableNumber,
});
export const partnerListSchema = z.array(partnerListItemSchema);
export type PartnerListItem = z.infer<typeof partnerListItemSchema>;
export type PartnerLink = z.infer<typeof partnerLinkSchema>;
