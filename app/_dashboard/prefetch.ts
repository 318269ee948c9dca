import "server-only";
import { cookies } from "next/headers";
import type { Prefetched } from "@/components/dashboard/DashboardView";
import type { Scope } from "@/lib/guard/accessFor";
import { firstScreenState, shellWait } from "@/lib/queries/firstScreenState";
import { apiScopeOf } from "@/lib/scope/apiScope";
import { analyticsLoader } from "@/lib/server/firstScreen";
import { searchWithZone, ZONE_COOKIE, zoneOfCookie } from "@/lib/url/zoneCookie";

const MINUTE = 60_000;

/**
 * Starts fetching the first screen of the URL's view for a workspace's or a share link's page; the
 * page streams while it runs. A URL that names no zone is filled in the zone the visitor's page
 * remembered (the one it is about to write into the URL), if any. The page's shell waits a moment
 * for it (`shell`), so that a first screen whose replies are cached goes in the HTML itself.
 */
export function prefetchFirstScreen(scope: Scope, search: URLSearchParams): Prefetched {
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
  const remembered = cookies().then((jar) => jar.get(ZONE_COOKIE)?.value);
  const state = Promise.all([analyticsLoader(scope), remembered])
    .then(([load, cookie]) => {
      const zoned = searchWithZone(search, cookie);
      return zoned ? firstScreenState(apiScopeOf(scope), zoned, minute, load) : null;
    })
    .catch(() => null);
  // The page's first render reads a zone-less URL in this zone, as the state above was filled.
  const zone = remembered.then((cookie) => (search.get("timezone") ? null : zoneOfCookie(cookie))).catch(() => null);
  return { minute, state, zone, shell: shellWait(state) };
}
