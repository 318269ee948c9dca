import * as z from "./zod";
import { optionalText } from "./body";
import { WEBHOOK_TRIGGERS } from "./webhooks";

/**
 * POST /webhooks (the embedded platform's own; the hosted platform registers receivers in its
 * dashboard): a receiver URL, the event kinds it wants, and optionally its secret (generated when
 * left out) and whether link.clicked comes for every link or only for the links naming it in
 * `webhookIds`.
 */
export const createWebhookBody = z.object({
  name: optionalText(190),
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)),
  secret: z.optional(z.nullable(z.string().check(z.minLength(16), z.maxLength(200)))),
  triggers: z.array(z.enum(WEBHOOK_TRIGGERS)).check(z.minLength(1), z.maxLength(WEBHOOK_TRIGGERS.length)),
  allLinks: z.optional(z.boolean()),
});

export type CreateWebhookBody = z.output<typeof createWebhookBody>;
