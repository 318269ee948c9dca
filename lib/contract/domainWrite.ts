import * as z from "./zod";

/**
 * POST /domains, PATCH /domains/{slug}, GET /domains/{slug} and POST /domains/{slug}/primary, as
 * hosted. The store keeps a domain's slug and whether it is the primary one: the other settings
 * the hosted platform takes (redirects for expired and unknown links, placeholder, logo, app
 * files) are refused when given rather than dropped; `archived` may only be false.
 */

export const MAX_DOMAIN_LENGTH = 190;

const HOSTNAME = /^(?=.{1,190}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const slug = z.pipe(
  z.string().check(z.minLength(1), z.maxLength(MAX_DOMAIN_LENGTH)),
  z.transform((value: string) => value.trim().toLowerCase()),
).check(z.regex(HOSTNAME, "a domain name such as go.example.com"));

const notKept = z.optional(z.nullable(z.string().check(z.maxLength(0, "this platform keeps no such setting for a domain; leave it out"))));

const settings = {
  expiredUrl: notKept,
  notFoundUrl: notKept,
  placeholder: notKept,
  logo: notKept,
  assetLinks: notKept,
  appleAppSiteAssociation: notKept,
  archived: z.optional(z.literal(false, "archived domains are not kept by this platform")),
};

export const createDomainBody = z.object({ slug, ...settings });
export type CreateDomainBody = z.output<typeof createDomainBody>;

export const updateDomainBody = z.object({ slug: z.optional(slug), ...settings });
export type UpdateDomainBody = z.output<typeof updateDomainBody>;

export const DOMAIN_TAKEN = "Domain is already in use.";
export const DOMAIN_NOT_FOUND = "Domain not found.";
