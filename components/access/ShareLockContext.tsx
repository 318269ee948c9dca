"use client";

import { createContext, use, type ReactNode } from "react";
import type { CommonQuery } from "@/lib/contract/query";

const ShareLockContext = createContext<CommonQuery | null>(null);

/** A share link's lock (its view: filters, dates, zone), for the controls to offer only what it allows (lib/filters/lockedControls.ts). */
export function ShareLockProvider({ lock, children }: { lock: CommonQuery; children: ReactNode }) {
  return <ShareLockContext value={lock}>{children}</ShareLockContext>;
}

/** The page's share lock, or null on a workspace's own page. */
export function useShareLock(): CommonQuery | null {
  return use(ShareLockContext);
}
