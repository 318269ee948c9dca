"use client";

import { useShareLock } from "@/components/access/ShareLockContext";
import type { CommonQuery } from "@/lib/contract/query";
import { lockRangeText, rangeRefusal } from "@/lib/filters/lockedControls";
import { useNow } from "@/lib/hooks/useNow";

/**
 * On a share link whose address asks for dates beyond its lock: the figures cover only the
 * link's dates (the server clips every request to them), and the page says so instead of naming
 * a range it does not show.
 */
export function LockedRangeNotice({ range }: { range: CommonQuery }) {
  const lock = useShareLock();
  const now = useNow();
  if (!lock || !now || rangeRefusal(lock, range, now) === null) return null;
  return (
    <p role="status" className="rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
      This address asks for dates outside the shared link: what you see covers only the link&apos;s dates,{" "}
      {lockRangeText(lock, now)}. Pick a range within them.
    </p>
  );
}
