"use client";

import { useShareLock } from "@/components/access/ShareLockContext";
import { FILTER_LIST } from "@/lib/filters/dimensions";
import { isLockedFilter } from "@/lib/filters/lockedControls";
import type { ViewState } from "@/lib/filters/useView";
import { Button } from "@/components/ui/Button";
import { FilterChip } from "./FilterChip";
import { scopeSentence } from "./filterText";

/**
 * One chip per filter in the URL, in table order; "Clear all" keeps the date range. A filter that
 * only some kinds have (sale type, metadata) narrows those everywhere on the page, whatever kind
 * is shown: the line under the chips says which counts go without it.
 */
export function ActiveFilters({ view }: { view: ViewState }) {
  const lock = useShareLock();
  const chips = FILTER_LIST.flatMap((def) => {
    const clause = view.query.filters[def.param];
    return clause ? [{ def, clause }] : [];
  });
  if (chips.length === 0) return null;
  const scopes = chips.flatMap(({ def }) => scopeSentence(def) ?? []);

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
        {chips.map(({ def, clause }) => (
          <FilterChip key={def.param} def={def} clause={clause} view={view} />
        ))}
        {/* A share link's locked filters stay: "Clear all" clears the recipient's own, and shows only when there are some. */}
        {chips.some(({ def }) => !isLockedFilter(lock, def.param)) && (
          <Button variant="ghost" size="sm" onClick={() => view.clearFilters((param) => isLockedFilter(lock, param))}>
            {lock ? "Clear my filters" : "Clear all"}
          </Button>
        )}
      </div>
      {scopes.length > 0 && <p className="text-xs text-zinc-600">{scopes.join(" ")}</p>}
      {chips.some(({ def }) => isLockedFilter(lock, def.param)) && (
        <p className="text-xs text-zinc-600">
          Locked filters are this shared link&apos;s: you may narrow them (fewer values), not remove them.
        </p>
      )}
    </div>
  );
}
