import "server-only";
import { allows, type Access } from "../access/access";
import { asksToRevealIps } from "../http/revealIps";
import type { Disclosure } from "../upstream/privacy";

/**
 * What this request sees of events beyond what everyone sees (no link password ever): full IPs
 * when it asks (`revealIps=1`) and its role may (owners and members), emails unless it is a
 * viewer or a share link. The one place that is decided; /api/events, /api/export, the live
 * stream and /api/analytics (partners' emails) all apply it.
 */
export function disclosureFor(request: Request, access: Access): Disclosure {
  return {
    revealIps: asksToRevealIps(new URL(request.url).searchParams) && allows(access, "revealIps"),
    hideEmails: !allows(access, "seeEmails"),
  };
}
