"use client";

import { useRef, useState } from "react";
import type { FilterParam } from "@/lib/contract/dimensions";
import { filterDef } from "@/lib/filters/dimensions";
import type { ViewState } from "@/lib/filters/useView";
import { Popover } from "@/components/ui/Popover";
import { buttonClass } from "@/components/ui/Button";
import { FilterIcon } from "@/components/ui/icons";
import { groupedFilters } from "./filterGroups";
import { FilterSearch } from "./FilterSearch";
import { FilterEditor, FilterPicker } from "./lazyPanels";

/** Pick a filter from the table (search above, list below), then edit its values in the same panel. */
export function AddFilter({ view }: { view: ViewState }) {
  const [param, setParam] = useState<FilterParam | null>(null);
  const [search, setSearch] = useState("");
  const searchRef = useRef<HTMLInputElement>(null);
  const reset = (open: boolean) => {
    if (open) return;
    setParam(null);
    setSearch("");
  };
  const pickFirst = () => {
    const first = groupedFilters(search)[0]?.defs[0];
    if (first) setParam(first.param);
  };

  return (
    <Popover
      label="Add filter"
      className="w-80"
      onOpenChange={reset}
      persistent={
        param === null && (
          <FilterSearch inputRef={searchRef} value={search} onChange={setSearch} onPickFirst={pickFirst} />
        )
      }
      trigger={(props) => (
        <button {...props} type="button" className={buttonClass("secondary", "md")}>
          <FilterIcon className="size-4 text-zinc-500" />
          Add filter
        </button>
      )}
    >
      {(close) =>
        param ? (
          <FilterEditor def={filterDef(param)} view={view} onDone={close} onBack={() => setParam(null)} />
        ) : (
          <FilterPicker view={view} search={search} onPick={setParam} onExitTop={() => searchRef.current?.focus()} />
        )
      }
    </Popover>
  );
}
