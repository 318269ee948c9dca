"use client";

import type { RangeParams } from "@/lib/contract/dateRange";
import { useNow } from "@/lib/hooks/useNow";
import { rangeSummary } from "./rangeText";

/** The instants the view covers, in its zone; rendered once the browser knows the time. */
export function RangeSummary({ range }: { range: RangeParams }) {
  const now = useNow();
  return (
    <p role="status" className="text-sm text-zinc-500 tabular-nums">
      <span className="sr-only">Showing </span>
      {now ? rangeSummary(range, now) : "\u00a0"}
    </p>
  );
}
