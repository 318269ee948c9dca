"use client";

import { createContext, type ReactNode } from "react";

/**
 * The zone the server rendered a URL that names none in (the visitor's remembered zone,
 * lib/url/zoneCookie.ts), or null (then UTC). The page's first render in the browser reads the
 * same, so the figures the server sent are in the HTML and hydrate without a mismatch.
 */
export const ServerZoneContext = createContext<string | null>(null);

export function ServerZoneProvider({ zone, children }: { zone: string | null; children: ReactNode }) {
  return <ServerZoneContext value={zone}>{children}</ServerZoneContext>;
}
