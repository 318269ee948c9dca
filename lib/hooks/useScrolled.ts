"use client";

import { useSyncExternalStore } from "react";

/** Whether the page has been scrolled since it loaded (in this tab): from then on, it stays true. */
let scrolled = false;

function subscribe(onChange: () => void): () => void {
  if (scrolled) return () => {};
  const onScroll = () => {
    scrolled = true;
    onChange();
  };
  window.addEventListener("scroll", onScroll, { passive: true, once: true });
  return () => window.removeEventListener("scroll", onScroll);
}

function snapshot(): boolean {
  if (!scrolled && window.scrollY > 0) scrolled = true;
  return scrolled;
}

/** True once the person has scrolled the page (or it opened scrolled, as a page restored by Back does); false on the server and while hydrating. */
export function useScrolled(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
