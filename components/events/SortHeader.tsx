"use client";

import type { SortOrder } from "@/lib/contract/query";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";

interface Props {
  label: string;
  order: SortOrder;
  onToggle: () => void;
}

/** The time column's header: the only sort the API offers, both ways. */
export function SortHeader({ label, order, onToggle }: Props) {
  const next = order === "desc" ? "oldest first" : "newest first";
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={`${label}: ${order === "desc" ? "newest" : "oldest"} first. Sort ${next}`}
      title={`Sort ${next}`}
      className="-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 font-medium text-zinc-700 hover:bg-zinc-200/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {label}
      {order === "desc" ? <ArrowDownIcon className="size-3.5" /> : <ArrowUpIcon className="size-3.5" />}
    </button>
  );
}
