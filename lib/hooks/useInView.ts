"use client";

import { useEffect, useState } from "react";

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on:
 * a card that was seen keeps its data when scrolled away. Returns a callback ref.
 */
export function useInView<T extends Element>(rootMargin = "0px"): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    if (!node || seen) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, seen, rootMargin]);

  return [setNode, seen];
}
