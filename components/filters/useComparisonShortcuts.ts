"use client";

import { useEffect, useEffectEvent } from "react";

/** Elements that use (or may use) the arrow keys themselves: tabs, menus, lists, tables, segmented controls and other groups of buttons. */
const OWN_ARROWS =
  '[role="tablist"], [role="menu"], [role="listbox"], [role="grid"], [role="radiogroup"], [role="slider"], table, [role="group"]';

function isTypingContext(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest("input, textarea, select") !== null ||
    target.closest('[role="dialog"], dialog[open], :popover-open') !== null
  );
}

interface Actions {
  /** ← (-1) and → (1): the range one period before or after. */
  move: (direction: -1 | 1) => void;
  /** X: comparison on or off. */
  toggleComparison: () => void;
}

/** ←/→ move the date range by one period, X toggles the comparison; not while typing, in a panel, or where arrows move within a control. */
export function useComparisonShortcuts({ move, toggleComparison }: Actions) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey)
      return;
    if (isTypingContext(event.target) || isTypingContext(document.activeElement)) return;
    if (document.querySelector(":popover-open, dialog[open]")) return;
    if (event.key === "x" || event.key === "X") {
      event.preventDefault();
      toggleComparison();
      return;
    }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.target instanceof HTMLElement && event.target.closest(OWN_ARROWS)) return;
    event.preventDefault();
    move(event.key === "ArrowLeft" ? -1 : 1);
  });
  useEffect(() => {
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
