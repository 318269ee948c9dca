"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

const subscribeNever = () => () => {};
/** Without IntersectionObserver (old browsers), everything counts as seen; the server assumes it exists. */
const observable = () => typeof IntersectionObserver !== "undefined";

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on:
 * a card that was seen keeps its data when scrolled away. Returns a callback ref.
 */
export function useInView<T extends Element>(rootMargin = "0px"): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [intersected, setIntersected] = useState(false);
  const canObserve = useSyncExternalStore(subscribeNever, observable, () => true);
  const seen = intersected || !canObserve;

  useEffect(() => {
    if (!node || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIntersected(true);
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, seen, rootMargin]);

  return [setNode, seen];
}
