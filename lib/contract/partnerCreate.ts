import * as z from "./zod";
import { optionalText } from "./body";
import { webUrl } from "./webUrl";

/** POST /partners: the hosted platform's request body (its SDK's `partners.create`); the reply is a partner as GET /partners lists it. */
export const createPartnerBody = z.object({
  name: optionalText(190),
  email: z.email().check(z.maxLength(190)),
  username: optionalText(100),
  image: z.optional(z.nullable(webUrl())),
  tenantId: z.optional(z.string().check(z.maxLength(255))),
  groupId: z.optional(z.string().check(z.maxLength(255))),
  country: z.optional(z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 country code")))),
  description: optionalText(5000),
  linkProps: z.optional(z.record(z.string(), z.unknown())),
});

export type CreatePartnerBody = z.output<typeof createPartnerBody>;
