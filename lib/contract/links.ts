import * as z from "./zod";
import { optionalText } from "./body";
import { cursorPageShape, readListPage, type ListPage } from "./cursorPages";
import { MAX_PAGE_SIZE, parseListParams, sortOrderParam, textParam } from "./listPages";
import { describeFields, oneOf } from "./params";
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
    z.refine(
      (variants) => Math.abs(variants.reduce((sum, v) => sum + v.percentage, 0) - 100) < 1e-9,
      "the percentages must add up to 100",
    ),
  );

export const createLinkBody = z.object(
  describeFields(
    {
      url: url.check(z.maxLength(32_000)),
      domain: z.optional(z.string().check(z.minLength(1), z.maxLength(190))),
      key: z.optional(
        z
          .string()
          .check(
            z.minLength(1),
            z.maxLength(190),
            z.regex(/^[^/\s?#][^\s?#]*$/, "a slug without spaces, ?, # or a leading /"),
          ),
      ),
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
      geo: z.optional(
        z.nullable(z.record(z.string().check(z.regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code")), url)),
      ),
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
    },
    {
      url: "The destination URL (http or https). UTM parameters in it are read into the utm_* fields.",
      domain:
        "The short link's domain. Default: the workspace's primary domain, or the platform's own domain when it has none.",
      key: "The short link's slug. Default: a random slug of keyLength characters (under prefix, when given). 409 when taken on the domain.",
      keyLength: "Length of the random slug made when no key is given (default 7).",
      prefix: "A path prefix for the random slug (`/c/` or `c` make `c/<slug>`); ignored when a key is given.",
      externalId:
        "The client's own ID for the link, unique in the workspace (409 when taken); look the link up as `ext_<externalId>`.",
      tenantId: "ID of the tenant that created the link in the client's system.",
      programId: "The partner program the link belongs to. Default: the workspace's program when partnerId is given.",
      partnerId: "The partner the link belongs to (422 when the workspace has no such partner).",
      trackConversion:
        "Whether leads and sales are attributed to the link's clicks (adds dub_id to the destination). Default false.",
      archived: "Whether the link is archived (it still redirects). Default false.",
      tagIds: "Tag IDs, one or a list; the link lists its tags in this order. 422 for a tag the workspace lacks.",
      tagNames: "Tag names, one or a list, after tagIds; 422 for a name the workspace lacks.",
      tagId: "Deprecated: use tagIds. One tag ID.",
      folderId: "The folder the link goes in (422 when the workspace has no such folder).",
      comments: "Free-text notes on the link.",
      expiresAt: "When the link expires (ISO 8601 with offset); visits after it go to expiredUrl.",
      expiredUrl: "Where visits go once the link has expired.",
      password: "A password visitors must give (`?pw=`) to be redirected.",
      proxy:
        "Whether title, description, image and video make a custom link preview. Kept and returned (the embedded resolver serves no preview page). Default false.",
      title: "Preview title.",
      description: "Preview description.",
      image: "Preview image URL.",
      video: "Preview video URL (og:video).",
      rewrite:
        "Link cloaking: the destination shown under the short link. Kept and returned (the embedded resolver always redirects). Default false.",
      ios: "Destination for iOS visitors.",
      android: "Destination for Android visitors.",
      geo: "Destinations by visitor country: a map from an ISO 3166-1 alpha-2 code to a URL.",
      doIndex: "Whether search engines may index the short link. Kept and returned. Default false.",
      utm_source: "UTM source, written into the destination's query string.",
      utm_medium: "UTM medium, written into the destination's query string.",
      utm_campaign: "UTM campaign, written into the destination's query string.",
      utm_term: "UTM term, written into the destination's query string.",
      utm_content: "UTM content, written into the destination's query string.",
      ref: "The hosted platform's referral tag. Accepted so its clients work unchanged; not kept here.",
      testVariants: "A/B test: 2 to 4 destinations, each with a percentage of 10 to 90, adding up to 100.",
      testStartedAt: "When the A/B test started.",
      testCompletedAt: "When the A/B test ends.",
      publicStats: "Whether the link's statistics are public. Kept and returned. Default false.",
      webhookIds: "Webhooks that get this link's link.clicked events (those registered with allLinks false).",
    },
  ),
);

export type CreateLinkBody = z.output<typeof createLinkBody>;

/** The bulk body: an array of link objects, each read on its own (a bad one fails alone). */
export const bulkLinksBody = z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_BULK_LINKS));

/** The bulk body as the API document shows it: the items POST /links/bulk reads, one by one, with createLinkBody. */
export const bulkLinksDocument = z.array(createLinkBody).check(z.minLength(1), z.maxLength(MAX_BULK_LINKS));

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
