"use client";

import { createContext, type ReactNode } from "react";

/**
 * The minute the server rendered the page at (ms), or null. A page that fetches its first screen
 * on the server passes it, so what is computed from "now" (ranges, the chart's buckets, the keys
 * of the figures) is the same in its HTML, in the browser's first render, and in the data it sent.
 */
export const ServerNowContext = createContext<number | null>(null);

export function ServerNowProvider({ minute, children }: { minute: number; children: ReactNode }) {
  return <ServerNowContext value={minute}>{children}</ServerNowContext>;
}
