"use client";

import { useEffect, useEffectEvent } from "react";
import { presetForKey, type RangePreset } from "@/lib/filters/presets";

/**
 * A panel other than the date range's is open (or opening: the native popover opens as the trigger
 * is pressed, before its content has rendered or taken focus): keys belong to it.
 */
function otherPanelOpen(): boolean {
  return document.querySelector(":popover-open:not([data-range-shortcuts]), dialog[open]") !== null;
}

/** Keys typed into a field, or while another dialog has focus, are not shortcuts. */
function isTypingContext(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("input, textarea, select")) return true;
  const dialog = target.closest('[role="dialog"]');
  return dialog !== null && !dialog.hasAttribute("data-range-shortcuts");
}

/** The date preset keyboard shortcuts of lib/filters/presets.ts, active when no input has focus and no other panel is open. */
export function usePresetShortcuts(apply: (preset: RangePreset) => void) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || event.metaKey || event.ctrlKey || event.altKey) return;
    if (isTypingContext(event.target) || isTypingContext(document.activeElement) || otherPanelOpen()) return;
    const preset = presetForKey(event.key);
    if (!preset) return;
    event.preventDefault();
    apply(preset);
  });
  useEffect(() => {
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
