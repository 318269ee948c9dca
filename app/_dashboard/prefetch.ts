import "server-only";
import type { Prefetched } from "@/components/dashboard/DashboardView";
import type { Scope } from "@/lib/guard/access";
import { firstScreenState } from "@/lib/queries/firstScreenState";
import { apiScopeOf } from "@/lib/scope/apiScope";
import { analyticsLoader } from "@/lib/server/firstScreen";

const MINUTE = 60_000;

/** Starts fetching the first screen of the URL's view for a workspace's or a share link's page; the page streams while it runs. */
export function prefetchFirstScreen(scope: Scope, search: URLSearchParams): Prefetched {
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
  const state = analyticsLoader(scope)
    .then((load) => firstScreenState(apiScopeOf(scope), search, minute, load))
    .catch(() => null);
  return { minute, state };
}
