"use client";

import { useShareLock } from "@/components/access/ShareLockContext";
import type { CommonQuery } from "@/lib/contract/query";
import { compareRefusal } from "@/lib/filters/lockedControls";
import { useNow } from "@/lib/hooks/useNow";

/** Why comparing with the previous period is off on this page (a share link whose dates do not hold it), or null. */
export function useCompareRefusal(view: CommonQuery): string | null {
  const lock = useShareLock();
  const now = useNow();
  return now ? compareRefusal(lock, view, now) : null;
}
