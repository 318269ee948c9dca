import * as z from "./zod";
import { optionalText } from "./body";
import { cursorPageShape, readListPage, type ListPage } from "./cursorPages";
import { parseListParams, sortOrderParam, textParam } from "./listPages";
import type { SortOrder } from "./query";
import { booleanParam, describeFields, oneOf } from "./params";
import { countryParam } from "./partners";
import { isoTimestamp } from "./timestamps";

/**
 * GET /customers: the workspace's customers, as the hosted platform lists them (its SDK's
 * `customers.list`). `email` takes precedence over `externalId`, which takes precedence over
 * `search`; pages are either numbered (`page`, deprecated upstream) or cursors (cursorPages.ts).
 */

export const CUSTOMER_SORTS = ["createdAt", "saleAmount", "firstSaleAt", "subscriptionCanceledAt"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const DEFAULT_CUSTOMERS_PAGE_SIZE = 100;

/** Exactly one way of matching customers by what identifies them. */
export type CustomerMatch =
  | { by: "id"; value: string }
  | { by: "email"; value: string }
  | { by: "externalId"; value: string }
  | { by: "search"; value: string }
  | { by: "all" };

export interface CustomersQuery {
  sortBy: CustomerSort;
  sortOrder: SortOrder;
  page: ListPage;
  match: CustomerMatch;
  country?: string;
  linkId?: string;
  programId?: string;
  partnerId?: string;
  includeExpandedFields: boolean;
}

export const customersShape = {
  email: textParam("email"),
  externalId: textParam("externalId"),
  search: textParam("search"),
  country: countryParam("country"),
  linkId: textParam("linkId"),
  programId: textParam("programId"),
  partnerId: textParam("partnerId"),
  includeExpandedFields: booleanParam("includeExpandedFields"),
  sortBy: oneOf("sortBy", CUSTOMER_SORTS),
  sortOrder: sortOrderParam,
  ...cursorPageShape,
};

export function customerMatch(given: { email?: string; externalId?: string; search?: string }): CustomerMatch {
  if (given.email !== undefined) return { by: "email", value: given.email };
  if (given.externalId !== undefined) return { by: "externalId", value: given.externalId };
  if (given.search !== undefined) return { by: "search", value: given.search };
  return { by: "all" };
}

export function parseCustomersQuery(params: URLSearchParams): CustomersQuery {
  const { parsed } = parseListParams(customersShape, params);
  const sortBy = parsed.sortBy ?? "createdAt";
  return {
    match: customerMatch(parsed),
    country: parsed.country,
    linkId: parsed.linkId,
    programId: parsed.programId,
    partnerId: parsed.partnerId,
    includeExpandedFields: parsed.includeExpandedFields ?? false,
    sortBy,
    sortOrder: parsed.sortOrder ?? "desc",
    page: readListPage(parsed, sortBy, DEFAULT_CUSTOMERS_PAGE_SIZE),
  };
}

const nullableString = z.nullable(z.string());

export const customerListItemSchema = z.strictObject({
  id: z.string(),
  externalId: z.string(),
  name: nullableString,
  email: nullableString,
  avatar: nullableString,
  country: nullableString,
  createdAt: isoTimestamp,
  sales: z.number(),
  /** Cents, USD. */
  saleAmount: z.number(),
  firstSaleAt: z.nullable(isoTimestamp),
  subscriptionCanceledAt: z.null(),
  /** The customer's Stripe id, as hosted; the embedded store keeps none (sales arrive through /track/sale). */
  stripeCustomerId: z.nullable(z.string()),
  // Expanded fields: only with includeExpandedFields=true. The link is the one of the customer's lead.
  link: z.optional(
    z.nullable(
      z.strictObject({
        id: z.string(),
        domain: z.string(),
        key: z.string(),
        shortLink: z.string(),
        url: z.string(),
        programId: nullableString,
      }),
    ),
  ),
  programId: z.optional(nullableString),
  partner: z.optional(
    z.nullable(z.strictObject({ id: z.string(), name: z.string(), email: nullableString, image: nullableString })),
  ),
  discount: z.optional(z.null()),
});
export const customerListSchema = z.array(customerListItemSchema);
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

// ---- GET and PATCH /customers/{id} ----

/** A customer of the path: its id, or `ext_` and its external id, as hosted. */
export function customerMatchOfPath(id: string): CustomerMatch {
  return id.startsWith("ext_") ? { by: "externalId", value: id.slice("ext_".length) } : { by: "id", value: id };
}

export const oneCustomerShape = { includeExpandedFields: booleanParam("includeExpandedFields") };

/** GET /customers/{id}: the customer as listed, its link, program and partner with includeExpandedFields. */
export function parseCustomerQuery(id: string, params: URLSearchParams): CustomersQuery {
  const { parsed } = parseListParams(oneCustomerShape, params);
  return {
    match: customerMatchOfPath(id),
    includeExpandedFields: parsed.includeExpandedFields ?? false,
    sortBy: "createdAt",
    sortOrder: "desc",
    page: { kind: "offset", page: 1, pageSize: 1 },
  };
}

export const CUSTOMER_NOT_FOUND = "Customer not found.";

/** PATCH /customers/{id}: the fields given change, the others stay. */
export const updateCustomerBody = z.object(
  describeFields(
    {
      externalId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
      name: optionalText(100),
      email: z.optional(z.nullable(z.email())),
      avatar: z.optional(z.nullable(z.url())),
      country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code"))),
    },
    {
      externalId: "The customer's ID in the client's system, unique in the workspace.",
      name: "The customer's name.",
      email: "The customer's email.",
      avatar: "The customer's avatar image URL.",
      country: "The customer's country: a 2-letter ISO 3166-1 code.",
    },
  ),
);
export type UpdateCustomerBody = z.output<typeof updateCustomerBody>;
