/**
 * Where the page's API requests go: the workspace or share link the page belongs to, read from
 * the page's own path (`/w/acme?…` → `/api/w/acme/…`, `/s/<token>` → `/api/s/<token>/…`). The
 * one place that is decided; fetchJson, the live stream and the export all ask it. Elsewhere
 * (the server, a page outside both) the path stays as given: the default workspace.
 */
export function scopedApiPath(path: string, pagePath: string | null = typeof window === "undefined" ? null : window.location.pathname): string {
  if (!pagePath || !path.startsWith("/api/")) return path;
  const match = /^\/(w|s)\/([^/?#]+)/.exec(pagePath);
  if (!match) return path;
  return `/api/${match[1]}/${match[2]}/${path.slice("/api/".length)}`;
}
