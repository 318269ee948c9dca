"use client";

import { useId } from "react";
import type { FilterParam } from "@/lib/contract/dimensions";
import { FILTER_MENU_ID, groupedFilters } from "./filterGroups";
import type { ViewState } from "@/lib/filters/useView";
import { menuKeyDown } from "@/components/ui/Menu";
import { CheckIcon, ChevronRightIcon } from "@/components/ui/icons";
import { kindsText } from "./filterText";

interface Props {
  view: ViewState;
  /** What is typed in the search box above the list (components/filters/FilterSearch.tsx). */
  search: string;
  onPick: (param: FilterParam) => void;
  /** Arrow up from the first item: back to the search box. */
  onExitTop: () => void;
}

/** The filters to pick from, narrowed by the search typed above them. */
export function FilterPicker({ view, search, onPick, onExitTop }: Props) {
  const id = useId();
  const groups = groupedFilters(search);

  return (
    <div className="flex max-h-[inherit] flex-col">
      <div
        id={FILTER_MENU_ID}
        role="menu"
        aria-label="Filters"
        onKeyDown={(e) => menuKeyDown(e, onExitTop)}
        className="overflow-y-auto p-1.5"
      >
        {groups.length === 0 && (
          <p className="px-2 py-3 text-center text-sm text-zinc-600">No filter matches “{search}”.</p>
        )}
        {groups.map(({ group, defs }) => (
          <div key={group} role="group" aria-labelledby={`${id}-${group}`} className="pb-1">
            <p
              id={`${id}-${group}`}
              className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-zinc-600 uppercase"
            >
              {group}
            </p>
            {defs.map((def) => {
              const active = view.query.filters[def.param] !== undefined;
              const scope = kindsText(def);
              return (
                <button
                  key={def.param}
                  type="button"
                  role="menuitem"
                  onClick={() => onPick(def.param)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none"
                >
                  <span className="flex-1 truncate">{def.label}</span>
                  {scope && <span className="text-xs text-zinc-600">{scope} only</span>}
                  {active && <CheckIcon className="size-4 text-indigo-600" aria-label="active" />}
                  {!active && <ChevronRightIcon className="size-3.5 text-zinc-600" />}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
