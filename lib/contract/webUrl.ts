import * as z from "./zod";

/**
 * A URL people are sent to or a page loads (a link's destination and its variants, an image):
 * http:// or https:// only. `javascript:`, `data:`, `file:` and the like are refused by the
 * platform and the dashboard alike.
 */
export const webUrl = () => z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" });
