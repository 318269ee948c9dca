import * as z from "./zod";
import { optionalText } from "./body";
import { described } from "./params";
import { WEBHOOK_TRIGGERS } from "./webhooks";

/**
 * POST /webhooks (the embedded platform's own; the hosted platform registers receivers in its
 * dashboard): a receiver URL, the event kinds it wants, and optionally its secret (generated when
 * left out) and whether link.clicked comes for every link or only for the links naming it in
 * `webhookIds`.
 */
export const createWebhookBody = z.object({
  name: described(optionalText(190), "The webhook's name."),
  url: described(z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)), "The receiver's URL (http or https)."),
  secret: described(
    z.optional(z.nullable(z.string().check(z.minLength(16), z.maxLength(200)))),
    "The signing secret (16 to 200 characters). Default: one is generated and returned.",
  ),
  triggers: described(
    z.array(z.enum(WEBHOOK_TRIGGERS)).check(z.minLength(1), z.maxLength(WEBHOOK_TRIGGERS.length)),
    "The event kinds delivered: link.clicked, lead.created, sale.created.",
  ),
  allLinks: described(
    z.optional(z.boolean()),
    "false: link.clicked only for links naming this webhook in webhookIds. Default true.",
  ),
});

export type CreateWebhookBody = z.output<typeof createWebhookBody>;
