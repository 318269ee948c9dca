"use client";

import type { MouseEvent } from "react";
import type { RowState } from "@/lib/analytics/rowFilter";
import type { ChangeDisplay } from "@/lib/analytics/change";
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
  /** When comparing: the change of the row's metric (null while the compared period loads), and the same in words. */
  compared?: { display: ChangeDisplay | null; spoken: string } | null;
}

const CHANGE_TONES: Record<ChangeDisplay["kind"], string> = {
  up: "text-emerald-700",
  down: "text-red-700",
  flat: "text-zinc-600",
  new: "text-blue-700",
  small: "text-zinc-600",
  none: "text-zinc-600",
};

/**
 * One bar: the whole row filters by its value (again: removes it); the small ⊘ button, or
 * Alt-click on the row, excludes it instead.
 */
export function BreakdownRow({
  item,
  share,
  valueText,
  barClass,
  state,
  dimension,
  canExclude,
  onInclude,
  onExclude,
  describedById,
  compared,
}: Props) {
  const filterable = item.value !== "";
  const onRowClick = (event: MouseEvent<HTMLButtonElement>) => (event.altKey && canExclude ? onExclude() : onInclude());
  const shareText = formatPercent(share);

  // The button covers the row and holds no text itself: its name is the filter it sets, the
  // figures beside are its description, and what the row shows is drawn over it without taking clicks.
  return (
    <li className="group flex items-center gap-1">
      <div className="relative flex h-8 min-w-0 flex-1 items-center">
        <button
          type="button"
          disabled={!filterable}
          aria-pressed={state === "included"}
          aria-label={`Filter by ${dimension} ${item.label}`}
          aria-describedby={item.detail ? `${describedById} ${describedById}-detail` : describedById}
          title={canExclude ? "Click to filter, Alt-click to exclude" : "Click to filter"}
          onClick={onRowClick}
          className={`absolute inset-0 rounded-md transition-colors hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 disabled:cursor-default ${
            state === "included" ? "ring-1 ring-zinc-300" : ""
          }`}
        />
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute inset-y-0.5 left-0 rounded-md ${barClass} ${state === "excluded" ? "opacity-40" : ""}`}
          style={{ width: `${Math.max(share * 100, 0.5)}%` }}
        />
        <span
          aria-hidden="true"
          className={`pointer-events-none relative flex min-w-0 flex-1 items-center gap-2 overflow-hidden px-2 text-sm ${state === "excluded" ? "text-zinc-600 line-through" : "text-zinc-800"}`}
        >
          {state === "included" && <CheckIcon className="size-3.5 shrink-0 text-zinc-900" />}
          <Flag country={item.flag} />
          {item.tagColor && <span className={`size-2 shrink-0 rounded-full ${TAG_DOT[item.tagColor]}`} />}
          {/* The label keeps its room; a long detail (a destination URL) is what gets cut. */}
          <span
            className={`max-w-full shrink-0 truncate ${item.detail ? "sm:max-w-[70%]" : ""} ${state === "included" ? "font-semibold" : ""}`}
          >
            {item.label}
          </span>
          {item.detail && (
            <span id={`${describedById}-detail`} className="hidden min-w-0 truncate text-xs text-zinc-600 sm:inline">
              {item.detail}
            </span>
          )}
        </span>
        <span
          id={describedById}
          aria-hidden="true"
          className="pointer-events-none relative ml-auto flex shrink-0 items-baseline gap-2 pr-2 text-sm tabular-nums"
        >
          <span className="font-medium text-zinc-900">{valueText}</span>
          <span className="w-11 text-right text-xs text-zinc-600">{shareText}</span>
          {compared && (
            <span
              className={`w-16 text-right text-xs ${compared.display ? CHANGE_TONES[compared.display.kind] : "text-zinc-400"}`}
              data-row-change
            >
              {compared.display ? compared.display.text : "…"}
              <span className="sr-only">{compared.spoken ? `, ${compared.spoken}` : ""}</span>
            </span>
          )}
        </span>
      </div>
      {canExclude && filterable && (
        <button
          type="button"
          aria-pressed={state === "excluded"}
          aria-label={`Exclude ${dimension} ${item.label}`}
          title={`Exclude ${item.label}`}
          onClick={onExclude}
          className={`flex size-7 shrink-0 items-center justify-center rounded-md text-sm transition-opacity focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500 pointer-coarse:opacity-100 ${
            state === "excluded"
              ? "bg-red-50 text-red-700 opacity-100"
              : "text-zinc-600 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-zinc-100 hover:text-zinc-700"
          }`}
        >
          <span aria-hidden="true">⊘</span>
        </button>
      )}
    </li>
  );
}
