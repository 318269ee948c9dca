"use client";

import { useView } from "@/lib/filters/useView";
import { useZoneInUrl } from "@/lib/url/useUrlState";
import { LiveToggle } from "@/components/live/LiveToggle";
import { ActiveFilters } from "./ActiveFilters";
import { AddFilter } from "./AddFilter";
import { ComparePicker } from "./ComparePicker";
import { DateRangePicker } from "./DateRangePicker";
import { KindPicker } from "./KindPicker";
import { LockedRangeNotice } from "./LockedRangeNotice";
import { RangeSummary } from "./RangeSummary";
import { TimeZoneSelect } from "./TimeZoneSelect";
import { ViewProblems } from "./ViewProblems";

/** The view controls: event kind, date range, zone, filters and their chips, and what the URL got wrong. */
export function FilterBar() {
  const view = useView();
  useZoneInUrl();
  return (
    <section aria-label="Filters" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <KindPicker view={view} />
        <DateRangePicker view={view} />
        <ComparePicker view={view} />
        <TimeZoneSelect view={view} />
        <AddFilter view={view} />
        <LiveToggle />
        <div className="ml-auto">
          <RangeSummary range={view.query} />
        </div>
      </div>
      <ActiveFilters view={view} />
      <LockedRangeNotice range={view.query} />
      <ViewProblems problems={view.problems} onRange={(range) => void view.setRange(range)} />
    </section>
  );
}
