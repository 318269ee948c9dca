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
 * cap); elsewhere that reply, when the browser already has it whole, instead of the count.
 * `isPlaceholderData`: what is shown is the last view's, kept while this one loads.
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
  // Another view on the same view's data (the partners report opened before): its first purchases per link, if the browser has them, answer the count exactly.
  const linksQuery = first?.groupBy === "count" ? firstPurchasesQuery(view, "top_links") : null;
  const seenLinks = useAnalytics((linksQuery ?? totalsQuery(view)) as AnalyticsQuery & { groupBy: "top_links" }, {
    priority,
    period,
    enabled: false,
  });
  const linksInCache =
    linksQuery !== null && !seenLinks.isPlaceholderData && seenLinks.data !== undefined && isWhole(seenLinks.data);
  // First purchases once the totals are known (with the page, or the last view's meanwhile): a plan without analytics costs one refusal, not two.
  const firsts = useAnalytics((first ?? totalsQuery(view)) as FirstsQuery, {
    priority,
    period,
    enabled: enabled && first !== null && totals.data !== undefined && !linksInCache,
  });
  const perLink = first?.groupBy === "top_links" ? firsts.data : undefined;
  const cut = Array.isArray(perLink) && !isWhole(perLink);
  const countQuery = firstPurchasesQuery(view, "count");
  const counted = useAnalytics((countQuery ?? totalsQuery(view)) as AnalyticsQuery & { groupBy: "count" }, {
    priority,
    period,
    enabled: enabled && cut && countQuery !== null,
  });
  const used = cut ? counted : linksInCache ? seenLinks : firsts;
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
