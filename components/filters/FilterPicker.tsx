"use client";

import { useId, useRef, useState } from "react";
import { FILTER_LIST, appliesTo, type Filter, type FilterGroup, type FilterParam } from "@/lib/filters/table";
import type { ViewState } from "@/lib/filters/useView";
import { focusFirstItem, menuKeyDown } from "@/components/ui/Menu";
import { CheckIcon, ChevronRightIcon, SearchIcon } from "@/components/ui/icons";
import { appliesToText } from "./filterText";

interface Props {
  view: ViewState;
  onPick: (param: FilterParam) => void;
}

/** The table's filters by group, in table order, narrowed by a search. */
function groupedFilters(search: string): { group: FilterGroup; defs: Filter[] }[] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<FilterGroup, Filter[]>();
  for (const def of FILTER_LIST) {
    if (needle && !`${def.label} ${def.group} ${def.param}`.toLowerCase().includes(needle)) continue;
    groups.set(def.group, [...(groups.get(def.group) ?? []), def]);
  }
  return [...groups].map(([group, defs]) => ({ group, defs }));
}

export function FilterPicker({ view, onPick }: Props) {
  const id = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState("");
  const groups = groupedFilters(search);
  const kind = view.query.event;
  const firstUsable = groups.flatMap((g) => g.defs).find((def) => appliesTo(def, kind));

  return (
    <div className="flex max-h-[inherit] flex-col">
      <div className="border-b border-zinc-100 p-2">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
          <input
            ref={inputRef}
            type="text"
            autoFocus
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown") {
                e.preventDefault();
                focusFirstItem(menuRef.current);
              } else if (e.key === "Enter" && firstUsable) {
                e.preventDefault();
                onPick(firstUsable.param);
              }
            }}
            aria-label="Search filters"
            placeholder="Filter by…"
            autoComplete="off"
            className="h-9 w-full rounded-lg border border-zinc-200 bg-white pr-2 pl-8 text-sm text-zinc-900 placeholder:text-zinc-400 focus:border-indigo-400 focus:outline-2 focus:outline-indigo-500/30"
          />
        </div>
      </div>
      <div ref={menuRef} role="menu" aria-label="Filters" onKeyDown={(e) => menuKeyDown(e, () => inputRef.current?.focus())} className="overflow-y-auto p-1.5">
        {groups.length === 0 && <p className="px-2 py-3 text-center text-sm text-zinc-500">No filter matches “{search}”.</p>}
        {groups.map(({ group, defs }) => (
          <div key={group} role="group" aria-labelledby={`${id}-${group}`} className="pb-1">
            <p id={`${id}-${group}`} className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-zinc-400 uppercase">
              {group}
            </p>
            {defs.map((def) => {
              const usable = appliesTo(def, kind);
              const active = view.query.filters[def.param] !== undefined;
              return (
                <button
                  key={def.param}
                  type="button"
                  role="menuitem"
                  aria-disabled={!usable}
                  onClick={() => usable && onPick(def.param)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-zinc-400 aria-disabled:hover:bg-transparent"
                >
                  <span className="flex-1 truncate">{def.label}</span>
                  {!usable && <span className="text-xs">{appliesToText(def)}</span>}
                  {active && <CheckIcon className="size-4 text-indigo-600" aria-label="active" />}
                  {usable && !active && <ChevronRightIcon className="size-3.5 text-zinc-300" />}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
