"use client";

import type { MouseEvent } from "react";
import type { RowState } from "@/lib/analytics/rowFilter";
import { CheckIcon } from "@/components/ui/icons";
import { Flag } from "@/components/ui/Flag";
import { formatPercent } from "@/lib/format/number";
import type { BreakdownItem } from "./items";
import { TAG_DOT } from "./tagColors";

interface Props {
  item: BreakdownItem;
  /** Share of the card's total, 0..1. */
  share: number;
  valueText: string;
  barClass: string;
  state: RowState;
  dimension: string;
  /** Exclusion exists only for filters with the `-` syntax. */
  canExclude: boolean;
  onInclude: () => void;
  onExclude: () => void;
  describedById: string;
}

/**
 * One bar: the whole row filters by its value (again: removes it); the small ⊘ button, or
 * Alt-click on the row, excludes it instead.
 */
export function BreakdownRow({ item, share, valueText, barClass, state, dimension, canExclude, onInclude, onExclude, describedById }: Props) {
  const filterable = item.value !== "";
  const onRowClick = (event: MouseEvent<HTMLButtonElement>) => (event.altKey && canExclude ? onExclude() : onInclude());
  const shareText = formatPercent(share);

  return (
    <li className="group flex items-center gap-1">
      <button
        type="button"
        disabled={!filterable}
        aria-pressed={state === "included"}
        aria-label={`Filter by ${dimension} ${item.label}`}
        aria-describedby={describedById}
        title={canExclude ? "Click to filter, Alt-click to exclude" : "Click to filter"}
        onClick={onRowClick}
        className={`relative flex h-8 min-w-0 flex-1 items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm transition-colors hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 disabled:cursor-default ${
          state === "included" ? "ring-1 ring-zinc-300" : ""
        }`}
      >
        <span aria-hidden="true" className={`absolute inset-y-0.5 left-0 rounded-md ${barClass} ${state === "excluded" ? "opacity-40" : ""}`} style={{ width: `${Math.max(share * 100, 0.5)}%` }} />
        <span className={`relative flex min-w-0 items-center gap-2 ${state === "excluded" ? "text-zinc-400 line-through" : "text-zinc-800"}`}>
          {state === "included" && <CheckIcon className="size-3.5 shrink-0 text-zinc-900" />}
          <Flag country={item.flag} />
          {item.tagColor && <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${TAG_DOT[item.tagColor]}`} />}
          {/* The label keeps its room; a long detail (a destination URL) is what gets cut. */}
          <span className={`max-w-full shrink-0 truncate ${item.detail ? "sm:max-w-[70%]" : ""} ${state === "included" ? "font-semibold" : ""}`}>{item.label}</span>
          {item.detail && <span className="hidden min-w-0 truncate text-xs text-zinc-400 sm:inline">{item.detail}</span>}
        </span>
        <span id={describedById} className="relative ml-auto flex shrink-0 items-baseline gap-2 tabular-nums">
          <span className="font-medium text-zinc-900">{valueText}</span>
          <span className="w-11 text-right text-xs text-zinc-500">{shareText}</span>
        </span>
      </button>
      {canExclude && filterable && (
        <button
          type="button"
          aria-pressed={state === "excluded"}
          aria-label={`Exclude ${dimension} ${item.label}`}
          title={`Exclude ${item.label}`}
          onClick={onExclude}
          className={`flex size-7 shrink-0 items-center justify-center rounded-md text-sm transition-opacity focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500 pointer-coarse:opacity-100 ${
            state === "excluded" ? "bg-red-50 text-red-700 opacity-100" : "text-zinc-400 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-zinc-100 hover:text-zinc-700"
          }`}
        >
          <span aria-hidden="true">⊘</span>
        </button>
      )}
    </li>
  );
}
