import type { ApiScope } from "../scope/apiScope";

/** The key of the workspace's (or share link's) notes on the charts: read by the page's hook, filled by the first screen. */
export function annotationsKey(scope: ApiScope) {
  return [scope, "annotations"] as const;
}
