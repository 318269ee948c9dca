import { noteNavigationStart } from "@/lib/url/pendingNavigation";

/** Next calls this as a router navigation starts (a link, `router.push/replace`, Back or Forward). */
export function onRouterTransitionStart(url: string): void {
  noteNavigationStart(url);
}
