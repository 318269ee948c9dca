import * as z from "./zod";
import { optionalText } from "./body";
import { createLinkBody } from "./links";
import { describeFields } from "./params";
import { webUrl } from "./webUrl";

/**
 * A username the hosted platform takes: what a short link's key may be (letters, digits, `-`, `_`,
 * `.`, `/`, other Unicode letters and emoji), not starting with `_`, not `.well-known…` nor
 * ending in `.php`/`.php7`. It becomes the key of the partner's default link.
 */
const URL_FRIENDLY = /^[0-9A-Za-z_\u0080-\uFFFF/\-\p{Emoji}.]+$/u;
export function isUrlFriendly(username: string): boolean {
  return (
    URL_FRIENDLY.test(username) &&
    !username.startsWith("_") &&
    !username.startsWith(".well-known") &&
    !/\.php7?$/.test(username)
  );
}

/**
 * The partner's default link's own settings: a link's, less what the program decides (its
 * destination, domain, key, program, partner, folder, UTM parameters, conversion tracking) and
 * what the hosted platform leaves out here; `prefix` goes before the key made from the partner.
 */
export const partnerLinkProps = z.partial(
  z.omit(createLinkBody, {
    url: true,
    domain: true,
    key: true,
    programId: true,
    partnerId: true,
    trackConversion: true,
    folderId: true,
    utm_source: true,
    utm_medium: true,
    utm_campaign: true,
    utm_term: true,
    utm_content: true,
    ref: true,
    publicStats: true,
    tagId: true,
    geo: true,
    webhookIds: true,
    keyLength: true,
  }),
);
export type PartnerLinkProps = z.output<typeof partnerLinkProps>;

/** POST /partners: the hosted platform's request body (its SDK's `partners.create`); the reply is a partner as GET /partners lists it. */
export const createPartnerBody = z.object(
  describeFields(
    {
      name: optionalText(190),
      email: z.email().check(z.maxLength(190)),
      username: z.optional(
        z.nullable(
          z
            .string()
            .check(
              z.maxLength(100),
              z.refine(isUrlFriendly, "must be a URL-friendly string (letters, digits, -, _, . or /)"),
            ),
        ),
      ),
      image: z.optional(z.nullable(webUrl())),
      tenantId: z.optional(z.string().check(z.maxLength(255))),
      groupId: z.optional(z.string().check(z.maxLength(255))),
      country: z.optional(z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code")))),
      description: optionalText(5000),
      linkProps: z.optional(partnerLinkProps),
    },
    {
      name: "The partner's name. Default: its email.",
      email: "The partner's email; a partner already enrolled with it is answered as it is.",
      username:
        "The key of the partner's default link (URL-friendly, at most 100 characters). Default: a slug of its name or of its email's local part.",
      image: "The partner's avatar image URL.",
      tenantId:
        "The partner's ID in the client's system, unique in the program (409 when another partner has it); GET /partners?tenantId= finds it.",
      groupId: "The partner group it joins. Default: the program's default group.",
      country: "The partner's country: a 2-letter ISO 3166-1 code.",
      description: "A short description of the partner (at most 5,000 characters).",
      linkProps:
        "Settings of the partner's default link (title, tags, comments, prefix for its key, …) over the program's.",
    },
  ),
);

export type CreatePartnerBody = z.output<typeof createPartnerBody>;
