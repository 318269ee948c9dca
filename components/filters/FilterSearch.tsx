"use client";

import type { RefObject } from "react";
import { focusFirstItem } from "@/components/ui/Menu";
import { SearchIcon } from "@/components/ui/icons";
import { FILTER_MENU_ID } from "./filterGroups";

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  /** Enter: pick the first filter the search leaves. */
  onPickFirst: () => void;
}

/**
 * The "Add filter" search box. It is in the panel before the panel opens (the list below loads its
 * code on open), and takes focus the moment it opens: what is typed right after opening lands here.
 */
export function FilterSearch({ inputRef, value, onChange, onPickFirst }: Props) {
  return (
    <div className="border-b border-zinc-100 p-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500" />
        <input
          ref={inputRef}
          type="text"
          data-autofocus=""
          // In the server's HTML as the `autofocus` attribute: a panel opened before hydration, by its
          // button alone, focuses the field too.
          autoFocus
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              focusFirstItem(document.getElementById(FILTER_MENU_ID));
            } else if (e.key === "Enter") {
              e.preventDefault();
              onPickFirst();
            }
          }}
          aria-label="Search filters"
          placeholder="Filter by…"
          autoComplete="off"
          className="h-9 w-full rounded-lg border border-zinc-200 bg-white pr-2 pl-8 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-400 focus:outline-2 focus:outline-indigo-500/30"
        />
      </div>
    </div>
  );
}
