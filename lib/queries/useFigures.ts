"use client";

import type { AnalyticsQuery, Metrics } from "../contract/analytics";
import type { CommonQuery } from "../contract/query";
import type { Figures } from "../analytics/conversion";
import { firstPurchasesQuery, fixedFirstPurchases } from "../analytics/firstPurchases";
import { isWhole } from "../analytics/partners";
import { useNow } from "../hooks/useNow";
import { useComparison, useGranularityChoice, useReport } from "../url/useUrlState";
import { figureSources, totalsOf, totalsQuery, type FirstsQuery } from "./figurePlan";
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
 * plus first purchases when the view leaves them open: a count, or on the partners report its
 * first purchases per link summed (the count instead when that reply is cut at the platform's
 * cap). `isPlaceholderData`: what is shown is the last view's, kept while this one loads.
 */
export function useFigures(view: CommonQuery, { period = "current", enabled = true }: Options = {}) {
  const now = useNow();
  const [granularity] = useGranularityChoice();
  const [comparison] = useComparison();
  const [report] = useReport();
  const sources = figureSources(view, { granularity, comparison }, now, period, report);
  const priority = period === "current" ? "high" : "low";
  const totals = useAnalytics(sources.totals.query, { priority, period, enabled });
  const first = sources.firsts?.query ?? null;
  // First purchases once the totals are known (with the page, or the last view's meanwhile): a plan without analytics costs one refusal, not two.
  const firsts = useAnalytics((first ?? totalsQuery(view)) as FirstsQuery, {
    priority,
    period,
    enabled: enabled && first !== null && totals.data !== undefined,
  });
  const perLink = first?.groupBy === "top_links" ? firsts.data : undefined;
  const cut = Array.isArray(perLink) && !isWhole(perLink);
  const countQuery = firstPurchasesQuery(view, "count");
  const counted = useAnalytics((countQuery ?? totalsQuery(view)) as AnalyticsQuery & { groupBy: "count" }, {
    priority,
    period,
    enabled: enabled && cut && countQuery !== null,
  });
  const used = cut ? counted : firsts;
  const firstPurchases = first && used.data ? totalsOf(used.data) : undefined;
  const data = totals.data ? figuresOf(view, totalsOf(totals.data), firstPurchases) : undefined;
  return {
    data,
    error: totals.error ?? (first ? used.error : null),
    isFetching: totals.isFetching || (first !== null && (firsts.isFetching || (cut && counted.isFetching))),
    isPlaceholderData: totals.isPlaceholderData || (first !== null && used.isPlaceholderData),
    refetch: () => {
      void totals.refetch();
      if (first) void used.refetch();
    },
  };
}
