"use client";

import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";

const GAP = 6;
const EDGE = 8;

export interface PopoverTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  popoverTarget: string;
  "aria-haspopup": "dialog";
  "aria-expanded": boolean;
}

export interface PopoverProps {
  /** Accessible name of the panel. */
  label: string;
  /** Renders the button that opens the panel; spread the props onto a <button>. */
  trigger: (props: PopoverTriggerProps) => ReactNode;
  /** Mounted only while open, so queries inside run only when needed. */
  children: (close: () => void) => ReactNode;
  align?: "start" | "end";
  className?: string;
  /** Extra attributes for the panel (e.g. data-* hooks). */
  panelData?: Record<`data-${string}`, string>;
}

function place(panel: HTMLElement, trigger: HTMLElement, align: "start" | "end") {
  const anchor = trigger.getBoundingClientRect();
  const width = panel.offsetWidth;
  const wanted = align === "start" ? anchor.left : anchor.right - width;
  const left = Math.max(EDGE, Math.min(wanted, window.innerWidth - width - EDGE));
  const below = window.innerHeight - anchor.bottom - GAP - EDGE;
  const above = anchor.top - GAP - EDGE;
  const up = panel.scrollHeight > below && above > below;
  panel.style.left = `${left}px`;
  panel.style.top = up ? "auto" : `${anchor.bottom + GAP}px`;
  panel.style.bottom = up ? `${window.innerHeight - anchor.top + GAP}px` : "auto";
  panel.style.maxHeight = `${Math.max(up ? above : below, 160)}px`;
  panel.style.visibility = "visible";
}

/**
 * A panel on the native Popover API: top layer, light dismiss, Escape and focus return come from
 * the browser; this adds placement next to the trigger and mounts the content only while open.
 */
export function Popover({ label, trigger, children, align = "start", className = "", panelData }: PopoverProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    // Hidden from the moment it opens until placed, so it never flashes at the viewport's corner.
    const onBeforeToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") panel.style.visibility = "hidden";
    };
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    panel.addEventListener("beforetoggle", onBeforeToggle);
    panel.addEventListener("toggle", onToggle);
    return () => {
      panel.removeEventListener("beforetoggle", onBeforeToggle);
      panel.removeEventListener("toggle", onToggle);
    };
  }, []);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const anchor = triggerRef.current;
    if (!open || !panel || !anchor) return;
    const update = () => place(panel, anchor, align);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(panel);
    window.addEventListener("resize", update);
    window.addEventListener("scroll", update, true);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      window.removeEventListener("scroll", update, true);
    };
  }, [open, align]);

  const close = useCallback(() => {
    if (panelRef.current?.matches(":popover-open")) panelRef.current.hidePopover();
  }, []);

  return (
    <>
      {trigger({ ref: triggerRef, popoverTarget: id, "aria-haspopup": "dialog", "aria-expanded": open })}
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={label}
        {...panelData}
        className={`fixed inset-auto m-0 overflow-auto rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-lg shadow-zinc-900/10 ${className}`}
      >
        {open && children(close)}
      </div>
    </>
  );
}
