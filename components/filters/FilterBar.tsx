"use client";

import { useView } from "@/lib/filters/useView";
import { ActiveFilters } from "./ActiveFilters";
import { AddFilter } from "./AddFilter";
import { DateRangePicker } from "./DateRangePicker";
import { RangeSummary } from "./RangeSummary";
import { TimeZoneSelect } from "./TimeZoneSelect";
import { ViewProblems } from "./ViewProblems";

/** The view controls: date range, zone, filters and their chips, and what the URL got wrong. */
export function FilterBar() {
  const view = useView();
  return (
    <section aria-label="Filters" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <DateRangePicker view={view} />
        <TimeZoneSelect view={view} />
        <AddFilter view={view} />
        <div className="ml-auto">
          <RangeSummary range={view.query} />
        </div>
      </div>
      <ActiveFilters view={view} />
      <ViewProblems problems={view.problems} />
    </section>
  );
}
