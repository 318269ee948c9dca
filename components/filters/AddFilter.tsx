"use client";

import { useState } from "react";
import { filterDef, type FilterParam } from "@/lib/filters/table";
import type { ViewState } from "@/lib/filters/useView";
import { Popover } from "@/components/ui/Popover";
import { buttonClass } from "@/components/ui/Button";
import { FilterIcon } from "@/components/ui/icons";
import { FilterEditor, FilterPicker } from "./lazyPanels";

/** Pick a filter from the table, then edit its values in the same panel. */
function AddFilterPanel({ view, close }: { view: ViewState; close: () => void }) {
  const [param, setParam] = useState<FilterParam | null>(null);
  if (param) return <FilterEditor def={filterDef(param)} view={view} onDone={close} onBack={() => setParam(null)} />;
  return <FilterPicker view={view} onPick={setParam} />;
}

export function AddFilter({ view }: { view: ViewState }) {
  return (
    <Popover
      label="Add filter"
      className="w-80"
      trigger={(props) => (
        <button {...props} type="button" className={buttonClass("secondary", "md")}>
          <FilterIcon className="size-4 text-zinc-500" />
          Add filter
        </button>
      )}
    >
      {(close) => <AddFilterPanel view={view} close={close} />}
    </Popover>
  );
}
