import * as z from "./zod";
import { optionalText } from "./body";
import { cursorPageShape, readListPage, type ListPage } from "./cursorPages";
import { MAX_PAGE_SIZE, parseListParams, sortOrderParam, textParam } from "./listPages";
import { oneOf } from "./params";
import type { SortOrder } from "./query";
import { webUrl } from "./webUrl";

/**
 * POST /links, POST /links/bulk and GET /links: the hosted platform's request shapes (its SDK, npm
 * `dub`, sends them unchanged). A link's reply is the link record of GET /events (events.ts).
 */

export const MAX_BULK_LINKS = 100;
export const DEFAULT_KEY_LENGTH = 7;
export const MIN_TEST_VARIANTS = 2;
export const MAX_TEST_VARIANTS = 4;

const url = webUrl();
const nullableUrl = z.optional(z.nullable(webUrl()));
const flag = z.optional(z.boolean());
/** One id or several: the hosted platform takes both. */
const oneOrMany = z.optional(z.union([z.string(), z.array(z.string()).check(z.maxLength(100))]));
const timestamp = z.optional(z.nullable(z.iso.datetime({ offset: true })));

export const testVariantsSchema = z
  .array(z.object({ url, percentage: z.number().check(z.minimum(10), z.maximum(90)) }))
  .check(
    z.minLength(MIN_TEST_VARIANTS),
    z.maxLength(MAX_TEST_VARIANTS),
    z.refine((variants) => Math.abs(variants.reduce((sum, v) => sum + v.percentage, 0) - 100) < 1e-9, "the percentages must add up to 100"),
  );

export const createLinkBody = z.object({
  url: url.check(z.maxLength(32_000)),
  domain: z.optional(z.string().check(z.minLength(1), z.maxLength(190))),
  key: z.optional(z.string().check(z.minLength(1), z.maxLength(190), z.regex(/^[^/\s?#][^\s?#]*$/, "a slug without spaces, ?, # or a leading /"))),
  keyLength: z.optional(z.number().check(z.int(), z.minimum(3), z.maximum(190))),
  prefix: z.optional(z.string().check(z.maxLength(100), z.regex(/^[^\s?#]*$/, "no spaces, ? or #"))),
  externalId: optionalText(255),
  tenantId: optionalText(255),
  programId: optionalText(255),
  partnerId: optionalText(255),
  trackConversion: flag,
  archived: flag,
  tagIds: oneOrMany,
  tagNames: oneOrMany,
  tagId: optionalText(255),
  folderId: optionalText(255),
  comments: optionalText(10_000),
  expiresAt: timestamp,
  expiredUrl: nullableUrl,
  password: optionalText(255),
  proxy: flag,
  title: optionalText(1000),
  description: optionalText(10_000),
  image: nullableUrl,
  video: nullableUrl,
  rewrite: flag,
  ios: nullableUrl,
  android: nullableUrl,
  geo: z.optional(z.nullable(z.record(z.string().check(z.regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code")), url))),
  doIndex: flag,
  utm_source: optionalText(255),
  utm_medium: optionalText(255),
  utm_campaign: optionalText(255),
  utm_term: optionalText(255),
  utm_content: optionalText(255),
  ref: optionalText(255),
  testVariants: z.optional(z.nullable(testVariantsSchema)),
  testStartedAt: timestamp,
  testCompletedAt: timestamp,
  publicStats: flag,
  webhookIds: z.optional(z.nullable(z.array(z.string()).check(z.maxLength(100)))),
});

export type CreateLinkBody = z.output<typeof createLinkBody>;

/** The bulk body: an array of link objects, each read on its own (a bad one fails alone). */
export const bulkLinksBody = z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_BULK_LINKS));

// ---- GET /links ----

export const LINK_SORTS = ["createdAt", "clicks", "saleAmount", "lastClicked"] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
export const DEFAULT_LINKS_PAGE_SIZE = MAX_PAGE_SIZE;

export interface LinksQuery {
  page: ListPage;
  sortBy: LinkSort;
  sortOrder: SortOrder;
  domain?: string;
  showArchived: boolean;
}

export const linksShape = {
  ...cursorPageShape,
  sortBy: oneOf("sortBy", LINK_SORTS),
  sortOrder: sortOrderParam,
  domain: textParam("domain"),
  showArchived: oneOf("showArchived", ["true", "false"] as const),
};

export function parseLinksQuery(params: URLSearchParams): LinksQuery {
  const { parsed } = parseListParams(linksShape, params);
  const sortBy = parsed.sortBy ?? "createdAt";
  return {
    page: readListPage(parsed, sortBy, DEFAULT_LINKS_PAGE_SIZE),
    sortBy,
    sortOrder: parsed.sortOrder ?? "desc",
    domain: parsed.domain,
    showArchived: parsed.showArchived === "true",
  };
}
