"use client";

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { CommonQuery } from "@/lib/contract/query";
import { useNow } from "@/lib/hooks/useNow";
import { useDataSince } from "@/lib/queries/useDataSince";
import { rangeSummary } from "./rangeText";

/** The instants the view covers, in its zone; rendered once the browser knows the time. All time says where its data begins. */
export function RangeSummary({ range }: { range: CommonQuery }) {
  const now = useNow();
  const { since } = useDataSince(range);
  const from = since ? `since ${format(new TZDate(Date.parse(since), range.timezone), "MMM yyyy")}` : null;
  return (
    <p role="status" className="text-sm text-zinc-600 tabular-nums">
      <span className="sr-only">Showing </span>
      {now ? rangeSummary(range, now, from) : "\u00a0"}
    </p>
  );
}
