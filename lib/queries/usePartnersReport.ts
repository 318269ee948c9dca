"use client";

import type { AnalyticsQuery } from "../contract/analytics";
import type { CommonQuery } from "../contract/query";
import { fixedFirstPurchases } from "../analytics/firstPurchases";
import { firstsByPartner, isWhole, partnerFigures, type PartnerFigures } from "../analytics/partners";
import { partnerFirstsQuery, partnersQueries } from "./figurePlan";
import { useAnalytics, type Period } from "./useAnalytics";

interface Options {
  period?: Period;
  enabled?: boolean;
}

/**
 * Every partner's figures over the view for a period: the composite `top_partners` grouping, and
 * first purchases per link (sales of type new, the key figures' own request) grouped by each
 * link's partner, when the view's own sale type leaves them open. Should the links' reply be cut
 * at the platform's cap, first purchases per partner are asked for instead.
 */
export function usePartnersReport(view: CommonQuery, { period = "current", enabled = true }: Options = {}) {
  const priority = period === "current" ? "high" : "low";
  const { all: allQuery, firsts: firstsQuery } = partnersQueries(view);
  const all = useAnalytics(allQuery, { priority, period, enabled });
  const firsts = useAnalytics((firstsQuery ?? allQuery) as AnalyticsQuery & { groupBy: "top_links" }, {
    priority,
    period,
    enabled: enabled && firstsQuery !== null,
  });
  const cut = firstsQuery !== null && firsts.data !== undefined && !isWhole(firsts.data);
  const perPartnerQuery = partnerFirstsQuery(view);
  const perPartner = useAnalytics((perPartnerQuery ?? allQuery) as AnalyticsQuery & { groupBy: "top_partners" }, {
    priority,
    period,
    enabled: enabled && cut && perPartnerQuery !== null,
  });
  const used = cut ? perPartner : firsts;
  const fixed = fixedFirstPurchases(view);
  const firstRows =
    fixed === "all"
      ? all.data
      : fixed === "none"
        ? []
        : cut
          ? perPartner.data
          : firsts.data && firstsByPartner(firsts.data);
  const data: PartnerFigures[] | undefined = all.data && firstRows ? partnerFigures(all.data, firstRows) : undefined;
  return {
    data,
    error: all.error ?? (firstsQuery ? used.error : null),
    isFetching: all.isFetching || (firstsQuery !== null && (firsts.isFetching || (cut && perPartner.isFetching))),
    refetch: () => {
      void all.refetch();
      if (firstsQuery) void used.refetch();
    },
  };
}
