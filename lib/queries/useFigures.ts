"use client";

import type { AnalyticsQuery, Metrics } from "../contract/analytics";
import type { CommonQuery } from "../contract/query";
import type { Figures } from "../analytics/conversion";
import { fixedFirstPurchases } from "../analytics/firstPurchases";
import { useNow } from "../hooks/useNow";
import { useComparison, useGranularityChoice } from "../url/useUrlState";
import { figureSources, totalsOf, totalsQuery } from "./figurePlan";
import { useAnalytics, type Period } from "./useAnalytics";

export { totalsQuery };

function figuresOf(view: CommonQuery, totals: Metrics, firstPurchases: Metrics | undefined): Figures | undefined {
  const fixed = fixedFirstPurchases(view);
  if (fixed === "all") return { ...totals, customers: totals.sales, customerAmount: totals.saleAmount };
  if (fixed === "none") return { ...totals, customers: 0, customerAmount: 0 };
  return firstPurchases && { ...totals, customers: firstPurchases.sales, customerAmount: firstPurchases.saleAmount };
}

interface Options {
  period?: Period;
  enabled?: boolean;
}

/**
 * The page's figures for a period (lib/queries/figurePlan.ts says from which replies): the totals,
 * plus one count of first purchases when the view leaves them open. `isPlaceholderData`: what is
 * shown is the last view's, kept while this one loads.
 */
export function useFigures(view: CommonQuery, { period = "current", enabled = true }: Options = {}) {
  const now = useNow();
  const [granularity] = useGranularityChoice();
  const [comparison] = useComparison();
  const sources = figureSources(view, { granularity, comparison }, now, period);
  const priority = period === "current" ? "high" : "low";
  const totals = useAnalytics(sources.totals.query, { priority, period, enabled });
  const first = sources.firsts?.query ?? null;
  // First purchases once the totals are known (with the page, or the last view's meanwhile): a plan without analytics costs one refusal, not two.
  const firsts = useAnalytics((first ?? totalsQuery(view)) as AnalyticsQuery & { groupBy: "count" }, {
    priority,
    period,
    enabled: enabled && first !== null && totals.data !== undefined,
  });
  const data = totals.data ? figuresOf(view, totalsOf(totals.data), first ? firsts.data : undefined) : undefined;
  return {
    data,
    error: totals.error ?? (first ? firsts.error : null),
    isFetching: totals.isFetching || (first !== null && firsts.isFetching),
    isPlaceholderData: totals.isPlaceholderData || (first !== null && firsts.isPlaceholderData),
    refetch: () => {
      void totals.refetch();
      if (first) void firsts.refetch();
    },
  };
}
