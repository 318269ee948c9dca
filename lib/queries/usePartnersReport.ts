"use client";

import type { AnalyticsQuery } from "../contract/analytics";
import type { CommonQuery } from "../contract/query";
import { fixedFirstPurchases } from "../analytics/firstPurchases";
import { partnerFigures, type PartnerFigures } from "../analytics/partners";
import { partnersQueries } from "./figurePlan";
import { useAnalytics, type Period } from "./useAnalytics";

interface Options {
  period?: Period;
  enabled?: boolean;
}

/**
 * Every partner's figures over the view for a period: the composite `top_partners` grouping, and
 * first purchases per partner (sales of type new) when the view's own sale type leaves them open.
 */
export function usePartnersReport(view: CommonQuery, { period = "current", enabled = true }: Options = {}) {
  const priority = period === "current" ? "high" : "low";
  const { all: allQuery, firsts: firstsQuery } = partnersQueries(view);
  const all = useAnalytics(allQuery, { priority, period, enabled });
  const firsts = useAnalytics((firstsQuery ?? allQuery) as AnalyticsQuery & { groupBy: "top_partners" }, {
    priority,
    period,
    enabled: enabled && firstsQuery !== null,
  });
  const fixed = fixedFirstPurchases(view);
  const firstRows = fixed === "all" ? all.data : fixed === "none" ? [] : firsts.data;
  const data: PartnerFigures[] | undefined = all.data && firstRows ? partnerFigures(all.data, firstRows) : undefined;
  return {
    data,
    error: all.error ?? (firstsQuery ? firsts.error : null),
    isFetching: all.isFetching || (firstsQuery !== null && firsts.isFetching),
    refetch: () => {
      void all.refetch();
      if (firstsQuery) void firsts.refetch();
    },
  };
}
