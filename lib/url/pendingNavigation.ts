/**
 * Whether a router navigation has started that the address does not show yet. A history write
 * made while one is pending makes Next's router restore the written URL, which discards that
 * navigation (a tap on a link is lost), so the page's own address writes wait for it
 * (./useUrlState.ts `useZoneInUrl`).
 *
 * Fed by Next's `onRouterTransitionStart` (instrumentation-client.ts) and cleared when the
 * router shows a new address (components/ui/NavigationLanding.tsx).
 */

let pendingTarget: string | null = null;

/** A navigation (a link, `router.push/replace`, Back or Forward) started towards `url`. */
export function noteNavigationStart(url: string): void {
  pendingTarget = url;
}

/** The router shows a new address: whatever navigation was pending has landed (or was replaced by this one). */
export function noteNavigationLanded(): void {
  pendingTarget = null;
}

/**
 * Whether a navigation to somewhere other than `here` (the address shown, path and query) is under
 * way. One to the very address shown changes nothing a write could lose.
 */
export function navigationPendingElsewhere(here: string): boolean {
  if (pendingTarget === null) return false;
  const target = new URL(pendingTarget, "http://x");
  const shown = new URL(here, "http://x");
  return target.pathname + target.search !== shown.pathname + shown.search;
}
