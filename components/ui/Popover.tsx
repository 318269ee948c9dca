"use client";

import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";

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
  /**
   * Always in the panel, above `children`: a field here exists before the panel opens, and the one
   * marked `data-autofocus` takes focus the moment it opens, so keys typed while the rest loads land in it
   * (give it `autoFocus` too: the server's HTML then carries the attribute, for a panel opened before
   * the page's script runs).
   */
  persistent?: ReactNode;
  onOpenChange?: (open: boolean) => void;
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
  panel.style.opacity = "1";
}

/**
 * A panel on the native Popover API: top layer, light dismiss, Escape and focus return come from
 * the browser; this adds placement next to the trigger and mounts the content only while open.
 */
export function Popover({
  label,
  trigger,
  children,
  persistent,
  onOpenChange,
  align = "start",
  className = "",
  panelData,
}: PopoverProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  }, [onOpenChange]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    // Hidden from the moment it opens until placed, so it never flashes at the viewport's corner.
    const onBeforeToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      panel.style.opacity = "0";
      // The browser focuses a popover's `autofocus` field as it shows it, within the same key press
      // or click: the next key typed reaches the field, not the trigger (a focus() from here would
      // run before the panel shows, and fail). Transparent, not hidden, so it can take focus.
      panel.querySelector<HTMLElement>("[data-autofocus]")?.setAttribute("autofocus", "");
    };
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === "open";
      const field = panel.querySelector<HTMLElement>("[data-autofocus]");
      if (opened && field && !panel.contains(document.activeElement)) field.focus();
      setOpen(opened);
      onOpenChangeRef.current?.(opened);
    };
    panel.addEventListener("beforetoggle", onBeforeToggle);
    panel.addEventListener("toggle", onToggle);
    // Opened by its button before the page's script ran (popovertarget needs none): its toggle is
    // past, so the content mounts now.
    if (panel.matches(":popover-open")) onToggle(new ToggleEvent("toggle", { oldState: "closed", newState: "open" }));
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

  // Found by id when called (in an event handler), so rendering the children reads no ref.
  const close = useCallback(() => {
    const panel = document.getElementById(id);
    if (panel?.matches(":popover-open")) panel.hidePopover();
  }, [id]);

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
        {persistent}
        {open && children(close)}
      </div>
    </>
  );
}
