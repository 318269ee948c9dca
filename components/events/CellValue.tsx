"use client";

import type { MouseEvent, ReactNode } from "react";
import type { FilterParam } from "@/lib/contract/dimensions";
import { filterActionLabel } from "./addFilterValue";
import { FunnelIcon } from "@/components/ui/icons";

export interface CellFilter {
  param: FilterParam;
  value: string;
  /** The value as people read it, for the button's name: "United States", not "US". */
  display: string;
}

interface Props {
  children: ReactNode;
  /** Full text for the tooltip when the cell truncates. */
  title?: string;
  filter?: CellFilter | null;
  onFilter: (filter: CellFilter) => void;
  /** Only the active row's buttons are in the tab order (the rows themselves rove). */
  tabbable: boolean;
  align?: "start" | "end";
}

/** A cell's value with its "filter by this value" button, revealed on row hover or focus. */
export function CellValue({ children, title, filter, onFilter, tabbable, align = "start" }: Props) {
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    if (filter) onFilter(filter);
  };
  return (
    <div className={`relative flex min-w-0 items-center ${align === "end" ? "justify-end" : ""}`}>
      <span className="min-w-0 truncate" title={title}>
        {children}
      </span>
      {filter && (
        <button
          type="button"
          onClick={onClick}
          onKeyDown={(e) => e.stopPropagation()}
          tabIndex={tabbable ? 0 : -1}
          aria-label={filterActionLabel(filter.param, filter.display)}
          title={filterActionLabel(filter.param, filter.display)}
          // Laid over the end of the value, so hidden buttons cost no width.
          className="absolute top-1/2 right-0 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-md bg-white text-zinc-500 opacity-0 shadow-sm ring-1 ring-zinc-200 transition-opacity group-hover/row:opacity-100 group-focus-within/row:opacity-100 hover:text-zinc-900 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <FunnelIcon className="size-3.5" />
        </button>
      )}
    </div>
  );
}
