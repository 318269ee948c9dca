"use client";

import { ShareLinksPanel } from "@/components/shares/ShareLinksPanel";

/** Settings (owners): every share link of the workspace. */
export function SharesPanel({ slug }: { slug: string }) {
  return <ShareLinksPanel slug={slug} everyone />;
}
