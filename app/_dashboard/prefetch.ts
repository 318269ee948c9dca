import "server-only";
import { cookies } from "next/headers";
import type { Prefetched } from "@/components/dashboard/DashboardView";
import type { Scope } from "@/lib/guard/accessFor";
import { firstScreenState } from "@/lib/queries/firstScreenState";
import { apiScopeOf } from "@/lib/scope/apiScope";
import { analyticsLoader } from "@/lib/server/firstScreen";
import { searchWithZone, ZONE_COOKIE, zoneOfCookie } from "@/lib/url/zoneCookie";

const MINUTE = 60_000;

/**
 * Starts fetching the first screen of the URL's view for a workspace's or a share link's page; the
 * page streams while it runs. A URL that names no zone is filled in the zone the visitor's page
 * remembered (the one it is about to write into the URL), if any.
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
  return { minute, state, zone };
}

/**
 * How long a page waits for its first screen before sending its first bytes. React reveals a
 * Suspense boundary that completes after the page's shell has been sent no sooner than 300 ms
 * after the shell was painted (its reveal of streamed boundaries is throttled), and later still
 * while the page's scripts run: a view whose replies the dashboard has cached (ready within a few
 * tens of ms) went out as a placeholder, then its figures a third of a second or more later. Ready
 * within this wait, the first screen is part of the shell, so on screen with the first paint; not
 * ready (the platform still has to answer), the shell goes out as before and the first screen
 * streams in after it.
 */
export const SHELL_WAIT_MS = 150;

/** Whether the first screen is ready within `waitMs`, and so goes out with the page's shell. */
export async function readyForShell(prefetched: Prefetched, waitMs = SHELL_WAIT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = await Promise.race([
    prefetched.state.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
  ]);
  clearTimeout(timer);
  return ready;
}
