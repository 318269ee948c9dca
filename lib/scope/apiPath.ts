/** The meta tag naming the workspace `/` shows (it is rendered there, not redirected to `/w/<slug>`). */
export const HOME_WORKSPACE_META = "linklens-workspace";

function homeWorkspace(): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector(`meta[name="${HOME_WORKSPACE_META}"]`)?.getAttribute("content") ?? null;
}

/**
 * Where the page's API requests go: the workspace or share link the page belongs to, read from
 * the page's own path (`/w/acme?…` → `/api/w/acme/…`, `/s/<token>` → `/api/s/<token>/…`), or for
 * `/` the workspace it shows (named in the page's head). The one place that is decided; fetchJson,
 * the live stream and the export all ask it. Elsewhere (the server, a page outside these) the path
 * stays as given: the default workspace.
 */
export function scopedApiPath(
  path: string,
  pagePath: string | null = typeof window === "undefined" ? null : window.location.pathname,
  home: string | null = homeWorkspace(),
): string {
  if (!pagePath || !path.startsWith("/api/")) return path;
  const rest = path.slice("/api/".length);
  if (pagePath === "/" && home) return `/api/w/${encodeURIComponent(home)}/${rest}`;
  const match = /^\/(w|s)\/([^/?#]+)/.exec(pagePath);
  if (!match) return path;
  return `/api/${match[1]}/${match[2]}/${rest}`;
}
