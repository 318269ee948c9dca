/**
 * Whose data a page reads: a workspace (by slug), a share link (by token), or the dashboard's
 * default workspace (the loopback dashboard without sign-in). Decided once, by the page that
 * renders (the server knows it: `/w/<slug>`, `/s/<token>`, and `/`'s workspace), handed to the
 * browser's queries through ApiScopeProvider, and written as the first element of every query key
 * and into every API path. The cache can therefore never answer one workspace's question with
 * another's, and no request reads the scope from `window.location` (which lags behind a
 * client-side navigation).
 */
export type ApiScope = `w/${string}` | `s/${string}` | "default";

export type ScopeOf = { kind: "workspace"; slug: string } | { kind: "share"; token: string } | { kind: "default" };

export function apiScopeOf(scope: ScopeOf): ApiScope {
  if (scope.kind === "workspace") return `w/${encodeURIComponent(scope.slug)}`;
  if (scope.kind === "share") return `s/${encodeURIComponent(scope.token)}`;
  return "default";
}

/** `/api/analytics?…` of a scope: `/api/w/acme/analytics?…`, `/api/s/<token>/analytics?…`, or as is for the default workspace. */
export function scopedApiPath(scope: ApiScope, path: string): string {
  if (scope === "default" || !path.startsWith("/api/")) return path;
  return `/api/${scope}/${path.slice("/api/".length)}`;
}
