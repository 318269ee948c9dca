"use client";

import { Button } from "@/components/ui/Button";
import type { Interval } from "@/lib/contract/dateRange";
import type { EventsQuery } from "@/lib/contract/query";
import { Notice } from "./Notice";
import { widerPreset } from "./widenRange";

interface Props {
  query: EventsQuery;
  kindLabel: string;
  /** When the empty answer arrived: the reference for relative ranges. */
  answeredAt: number;
  hasFilters: boolean;
  onWiden: (interval: Interval) => void;
  onClearFilters: () => void;
}

export function EmptyState({ query, kindLabel, answeredAt, hasFilters, onWiden, onClearFilters }: Props) {
  const wider = widerPreset(query, new Date(answeredAt));
  const pageBeyondEnd = query.page > 1;
  return (
    <Notice
      tone="neutral"
      title={
        pageBeyondEnd
          ? `No more ${kindLabel.toLowerCase()} on page ${query.page}`
          : `No ${kindLabel.toLowerCase()} in this range`
      }
      actions={
        <>
          {wider && (
            <Button variant="primary" size="sm" onClick={() => onWiden(wider.interval)}>
              Widen to {wider.label}
            </Button>
          )}
          {hasFilters && (
            <Button size="sm" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </>
      }
    >
      {wider ? "Try a wider date range" : "Nothing matches"}
      {hasFilters ? " or fewer filters." : "."}
    </Notice>
  );
}
