import "server-only";
import { cookies } from "next/headers";
import type { Prefetched } from "@/components/dashboard/DashboardView";
import type { Scope } from "@/lib/guard/accessFor";
import { firstScreenState } from "@/lib/queries/firstScreenState";
import { shellWait } from "@/lib/queries/shellWait";
import { apiScopeOf } from "@/lib/scope/apiScope";
import { analyticsLoader } from "@/lib/server/firstScreen";
import { searchWithZone, ZONE_COOKIE, zoneOfCookie } from "@/lib/url/zoneCookie";

const MINUTE = 60_000;

/**
 * Starts fetching the first screen of the URL's view for a workspace's or a share link's page; the
 * page streams while it runs. A URL that names no zone is filled in the zone the visitor's page
 * remembered (the one it is about to write into the URL), if any. The page's shell waits for it
 * (`shell`) while every reply it asked for is a cache hit, so that such a first screen goes in the
 * HTML itself whatever the load; a moment at most once one needs the platform.
 */
export function prefetchFirstScreen(scope: Scope, search: URLSearchParams): Prefetched {
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
  const remembered = cookies().then((jar) => jar.get(ZONE_COOKIE)?.value);
  const loader = analyticsLoader(scope);
  const state = Promise.all([loader, remembered])
    .then(([{ load }, cookie]) => {
      const zoned = searchWithZone(search, cookie);
      return zoned ? firstScreenState(apiScopeOf(scope), zoned, minute, load) : null;
    })
    .catch(() => null);
  // A loader that could not be made asks for nothing: its state settles at once.
  const uncached = loader.then(
    ({ uncached }) => uncached,
    () => new Promise<void>(() => undefined),
  );
  // The page's first render reads a zone-less URL in this zone, as the state above was filled.
  const zone = remembered.then((cookie) => (search.get("timezone") ? null : zoneOfCookie(cookie))).catch(() => null);
  return { minute, state, zone, shell: shellWait(state, uncached) };
}
