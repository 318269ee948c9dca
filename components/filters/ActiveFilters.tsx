"use client";

import { FILTER_LIST } from "@/lib/filters/table";
import type { ViewState } from "@/lib/filters/useView";
import { Button } from "@/components/ui/Button";
import { FilterChip } from "./FilterChip";

/** One chip per filter in the URL, in table order; "Clear all" keeps the date range. */
export function ActiveFilters({ view }: { view: ViewState }) {
  const chips = FILTER_LIST.flatMap((def) => {
    const active = view.query.filters[def.param];
    const inactive = view.inactive[def.param];
    const clause = active ?? inactive;
    return clause ? [{ def, clause, inactive: !active }] : [];
  });
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map(({ def, clause, inactive }) => (
        <FilterChip key={def.param} def={def} clause={clause} view={view} inactive={inactive} />
      ))}
      <Button variant="ghost" size="sm" onClick={() => view.clearFilters()}>
        Clear all
      </Button>
    </div>
  );
}
