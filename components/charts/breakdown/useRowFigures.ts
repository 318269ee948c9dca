"use client";

import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Figures } from "@/lib/analytics/conversion";
import { fixedFirstPurchases, firstPurchasesQuery } from "@/lib/analytics/firstPurchases";
import { chartQuery, withoutFilter } from "@/lib/analytics/queries";
import { joinRowFigures, totalFigures, ROW_COLUMNS, type RowFigures } from "@/lib/analytics/rowFigures";
import type { BreakdownRow } from "@/lib/contract/analytics";
import type { BreakdownGroupBy } from "@/lib/contract/dimensions";
import type { CommonQuery } from "@/lib/contract/query";
import { rangeFileName } from "@/lib/format/date";
import { useNow } from "@/lib/hooks/useNow";
import { safeRange } from "@/lib/queries/figurePlan";
import { analyticsQueryOptions, useAnalytics } from "@/lib/queries/useAnalytics";
import { useApiScope } from "@/lib/scope/ApiScopeContext";
import { breakdownItems, filterParamOf, type BreakdownItem } from "./items";
import type { RowFiguresState } from "./PanelContent";

/**
 * Every metric of a grouping's rows, for the table view and the card's CSV: the composite grouping
 * (all four counts) and first purchases per row (for lead → customer; none asked when the view's
 * sale type decides them), both without the card's own filter, like its bars. Two requests, made
 * only when the table opens (or the CSV is asked for); refused by the plan, the table shows the
 * card's own metric.
 */
export function useRowFigures(
  view: CommonQuery,
  groupBy: BreakdownGroupBy,
  label: string,
  items: readonly BreakdownItem[] | undefined,
  enabled: boolean,
  pageFigures: Figures | undefined,
): RowFiguresState {
  const client = useQueryClient();
  const scope = useApiScope();
  const now = useNow();
  const param = filterParamOf(groupBy);
  const compositeQuery = withoutFilter(chartQuery(view, "composite", groupBy), param);
  const firstsQuery = useMemo(() => {
    const query = firstPurchasesQuery(view, groupBy);
    return query && withoutFilter(query, param);
  }, [view, groupBy, param]);
  const fixed = fixedFirstPurchases(view);
  const composite = useAnalytics(compositeQuery, { enabled, priority: "low" });
  const firsts = useAnalytics(firstsQuery ?? compositeQuery, {
    enabled: enabled && firstsQuery !== null,
    priority: "low",
  });

  const join = (
    all: readonly object[] | undefined,
    first: readonly object[] | undefined,
  ): Map<BreakdownItem, RowFigures> | null => {
    if (!items || !all) return null;
    const firstRows = fixed === "all" ? all : fixed === "none" ? [] : first;
    return joinRowFigures(items, breakdownItems(groupBy, all), firstRows ? breakdownItems(groupBy, firstRows) : null);
  };
  const rows = join(composite.data, firsts.data);
  const range = now ? safeRange(view, now) : null;
  const stem = `linklens-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return {
    rows,
    columns: ROW_COLUMNS,
    // The card's totals: the page's figures when the card keeps every filter of the view, else the sum of its rows.
    totals: pageFigures ? { ...pageFigures } : rows ? totalFigures(rows.values()) : null,
    error: composite.error,
    fileName: range ? rangeFileName(stem, range, view.timezone) : `${stem}.csv`,
    load: async () => {
      try {
        const [all, first] = await Promise.all([
          client.fetchQuery(analyticsQueryOptions(scope, compositeQuery)) as Promise<BreakdownRow<BreakdownGroupBy>[]>,
          firstsQuery
            ? (client.fetchQuery(analyticsQueryOptions(scope, firstsQuery)) as Promise<
                BreakdownRow<BreakdownGroupBy>[]
              >)
            : Promise.resolve(undefined),
        ]);
        return join(all, first);
      } catch {
        return null;
      }
    },
  };
}
