import * as z from "./zod";
import { described } from "./params";

/**
 * POST /domains, PATCH /domains/{slug}, GET /domains/{slug} and POST /domains/{slug}/primary, as
 * hosted. The store keeps a domain's slug and whether it is the primary one: the other settings
 * the hosted platform takes (redirects for expired and unknown links, placeholder, logo, app
 * files) are refused when given rather than dropped; `archived` may only be false.
 */

export const MAX_DOMAIN_LENGTH = 190;

const HOSTNAME = /^(?=.{1,190}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const slug = described(
  z
    .pipe(
      z.string().check(z.minLength(1), z.maxLength(MAX_DOMAIN_LENGTH)),
      z.transform((value: string) => value.trim().toLowerCase()),
    )
    .check(z.regex(HOSTNAME, "a domain name such as go.example.com")),
  "The domain name, e.g. go.example.com (kept in lower case).",
);

const notKept = (what: string) =>
  described(
    z.optional(
      z.nullable(z.string().check(z.maxLength(0, "this platform keeps no such setting for a domain; leave it out"))),
    ),
    `${what} Not kept here: only null or "" is accepted (422 otherwise).`,
  );

const settings = {
  expiredUrl: notKept("Where expired links of the domain redirect."),
  notFoundUrl: notKept("Where unknown keys of the domain redirect."),
  placeholder: notKept("Placeholder URL shown when creating links."),
  logo: notKept("The domain's logo (QR codes)."),
  assetLinks: notKept("Android assetlinks.json content."),
  appleAppSiteAssociation: notKept("iOS apple-app-site-association content."),
  archived: described(
    z.optional(z.literal(false, "archived domains are not kept by this platform")),
    "Whether the domain is archived: only false here.",
  ),
};

export const createDomainBody = z.object({ slug, ...settings });
export type CreateDomainBody = z.output<typeof createDomainBody>;

export const updateDomainBody = z.object({ slug: z.optional(slug), ...settings });
export type UpdateDomainBody = z.output<typeof updateDomainBody>;

export const DOMAIN_TAKEN = "Domain is already in use.";
export const DOMAIN_NOT_FOUND = "Domain not found.";
