"use client";

import type { AnalyticsQuery, Metrics } from "../contract/analytics";
import type { CommonQuery } from "../contract/query";
import type { Figures } from "../analytics/conversion";
import { fixedFirstPurchases, firstPurchasesQuery } from "../analytics/firstPurchases";
import { chartQuery, type QueryFor } from "../analytics/queries";
import { useAnalytics, type Period } from "./useAnalytics";

/** The count of every kind over the view (composite: each filter where it applies). */
export function totalsQuery(view: CommonQuery): QueryFor<"count"> {
  return chartQuery(view, "composite", "count");
}

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

/** The page's figures for a period: one composite count, plus one count of first purchases when the view leaves them open. */
export function useFigures(view: CommonQuery, { period = "current", enabled = true }: Options = {}) {
  const priority = period === "current" ? "high" : "low";
  const totals = useAnalytics(totalsQuery(view), { priority, period, enabled });
  const first = firstPurchasesQuery(view, "count");
  const firsts = useAnalytics((first ?? totalsQuery(view)) as AnalyticsQuery & { groupBy: "count" }, { priority, period, enabled: enabled && first !== null });
  const data = totals.data ? figuresOf(view, totals.data, first ? firsts.data : undefined) : undefined;
  return {
    data,
    error: totals.error ?? (first ? firsts.error : null),
    isFetching: totals.isFetching || (first !== null && firsts.isFetching),
    refetch: () => {
      void totals.refetch();
      if (first) void firsts.refetch();
    },
  };
}
