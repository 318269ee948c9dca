import type { KeyboardEvent } from "react";

const ITEM = '[role^="menuitem"]:not([aria-disabled="true"]), [data-menu-item]:not(:disabled)';

function items(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(ITEM)];
}

/** Focuses the first item of a menu (e.g. ArrowDown from a search box above it). */
export function focusFirstItem(container: HTMLElement | null) {
  if (container) items(container)[0]?.focus();
}

/**
 * Arrow-key navigation for a list of menu items: put it on the container's onKeyDown.
 * Up/Down move, Home/End jump; Up from the first item calls `onExitTop` (back to a search box).
 */
export function menuKeyDown(event: KeyboardEvent<HTMLElement>, onExitTop?: () => void) {
  const list = items(event.currentTarget);
  if (list.length === 0) return;
  const index = list.indexOf(document.activeElement as HTMLElement);
  let next: number | null = null;
  if (event.key === "ArrowDown") next = index < 0 ? 0 : Math.min(index + 1, list.length - 1);
  else if (event.key === "ArrowUp") {
    if (index <= 0 && onExitTop) {
      event.preventDefault();
      onExitTop();
      return;
    }
    next = Math.max(index - 1, 0);
  } else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = list.length - 1;
  if (next === null) return;
  event.preventDefault();
  list[next].focus();
}
