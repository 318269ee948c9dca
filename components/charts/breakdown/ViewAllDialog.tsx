"use client";

import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { Button } from "@/components/ui/Button";
import { CloseIcon, SearchIcon } from "@/components/ui/icons";
import { BreakdownList, type BreakdownListProps } from "./BreakdownList";
import type { BreakdownItem } from "./items";

function matches(item: BreakdownItem, needle: string): boolean {
  if (!needle) return true;
  return [item.label, item.value, item.detail ?? ""].some((text) => text.toLowerCase().includes(needle));
}

interface Props extends Omit<BreakdownListProps, "items" | "idPrefix" | "label"> {
  title: string;
  items: readonly BreakdownItem[];
}

/**
 * "View all": every row in a modal <dialog> (focus is kept inside and Escape closes it)
 * with a search box. Rows keep their filter buttons, so several values can be picked.
 */
export function ViewAllDialog({ title, items, ...list }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  const needle = search.trim().toLowerCase();
  const shown = open ? items.filter((item) => matches(item, needle)) : [];
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) setOpen(false);
  };

  return (
    <>
      <span className="inline-flex items-center gap-1">
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
          View all {title.toLowerCase()}
        </Button>
        <span className="text-xs text-zinc-600 tabular-nums">{items.length}</span>
      </span>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        onClick={closeOnBackdrop}
        className="mx-auto mt-[10vh] w-[min(40rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-900/30"
      >
        {open && (
          <div className="flex max-h-[80vh] flex-col">
            <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-4 py-3">
              <h2 id={`${id}-title`} className="text-sm font-semibold">
                {title}
              </h2>
              <Button variant="ghost" size="sm" onClick={() => setOpen(false)} aria-label="Close">
                <CloseIcon className="size-4" />
              </Button>
            </div>
            <div className="border-b border-zinc-100 px-4 py-2">
              <label htmlFor={`${id}-search`} className="sr-only">
                Search {title.toLowerCase()}
              </label>
              <div className="relative">
                <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
                <input
                  id={`${id}-search`}
                  type="search"
                  autoFocus
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder={`Search ${title.toLowerCase()}…`}
                  className="h-9 w-full rounded-lg border border-zinc-200 pr-2.5 pl-8 text-sm outline-none focus:border-zinc-400 focus:ring-2 focus:ring-indigo-100"
                />
              </div>
              <p className="mt-1 text-xs text-zinc-500" aria-live="polite">
                {shown.length} of {items.length}
              </p>
            </div>
            <div className="overflow-y-auto px-2 py-2">
              <BreakdownList {...list} items={shown} idPrefix={`${id}-all`} label={title} />
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
