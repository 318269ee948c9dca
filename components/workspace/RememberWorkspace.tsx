"use client";

import { useEffect } from "react";

/** Remembers the workspace the person opened, so `/` brings them back to it. */
export function RememberWorkspace({ slug }: { slug: string }) {
  useEffect(() => {
    document.cookie = `linklens_ws=${encodeURIComponent(slug)}; path=/; max-age=31536000; samesite=lax`;
  }, [slug]);
  return null;
}
