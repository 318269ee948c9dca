"use client";

import { comparedWithText, isComparable, PREVIOUS_PERIOD, type Comparison } from "@/lib/analytics/comparison";
import type { CommonQuery } from "@/lib/contract/query";
import { useComparison } from "@/lib/url/useUrlState";

export interface CardComparison {
  /** The URL's comparison when the view has something to compare with; null otherwise. */
  comparing: Comparison | null;
  /** Whether the URL's (or, when off, the previous period's) comparison applies to this view's range. */
  comparable: boolean;
  /** The card's toggle: "Compare to previous period" (off or on), or the comparison it switches off. */
  toggleLabel: string;
  setOn: (on: boolean) => void;
}

/** A card's comparison switch: on writes the previous period (unless one is chosen already), off clears it. */
export function useCardComparison(view: CommonQuery): CardComparison {
  const [comparison, setComparison] = useComparison();
  const comparable = isComparable(view, comparison ?? PREVIOUS_PERIOD);
  return {
    comparing: comparison && comparable ? comparison : null,
    comparable,
    toggleLabel: `Compare to ${comparedWithText(comparison ?? PREVIOUS_PERIOD).replace(/^the /, "")}`,
    setOn: (on) => setComparison(on ? (comparison ?? PREVIOUS_PERIOD) : null),
  };
}
