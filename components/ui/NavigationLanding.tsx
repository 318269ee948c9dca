"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useLayoutEffect, useRef } from "react";
import { noteNavigationLanded } from "@/lib/url/pendingNavigation";

/**
 * Tells lib/url/pendingNavigation.ts when the router shows a new address, so a navigation is no
 * longer counted as pending once it landed. A layout effect: it runs in the commit that shows the
 * address, before any page's effect could write to history. The first address is not a landing
 * (a navigation started while the page hydrates is still pending).
 */
export function NavigationLanding() {
  const address = `${usePathname()}?${useSearchParams()?.toString() ?? ""}`;
  const shown = useRef(address);
  useLayoutEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    noteNavigationLanded();
  }, [address]);
  return null;
}
