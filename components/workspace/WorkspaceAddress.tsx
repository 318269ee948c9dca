"use client";

import { useEffect } from "react";

/**
 * On bare `/`, which shows the workspace in place (no redirect round trip), writes the
 * workspace's own address into the address bar, keeping the query: `/w/<slug>?…`, the address a
 * person shares and where a reload lands. Replaces the entry, so Back does not return to `/`.
 */
export function WorkspaceAddress({ slug }: { slug: string }) {
  useEffect(() => {
    if (window.location.pathname !== "/") return;
    window.history.replaceState(
      window.history.state,
      "",
      `/w/${encodeURIComponent(slug)}${window.location.search}${window.location.hash}`,
    );
  }, [slug]);
  return null;
}
