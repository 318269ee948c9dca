"use client";

import { useMemo } from "react";
import { useRowFigures } from "./useRowFigures";
import { ORDER_METRIC } from "@/lib/contract/analytics";
import type { BreakdownGroupBy } from "@/lib/contract/dimensions";
import type { EventsQuery } from "@/lib/contract/query";
import { breakdownQuery, chartQuery } from "@/lib/analytics/queries";
import { filterDef } from "@/lib/filters/dimensions";
import { useAnalytics } from "@/lib/queries/useAnalytics";
import { useFigures } from "@/lib/queries/useFigures";
import type { Comparison } from "@/lib/analytics/comparison";
import type { OnFilter } from "./BreakdownList";
import { breakdownItems, filterParamOf } from "./items";
import { PanelContent } from "./PanelContent";
import type { BreakdownSort } from "./breakdownSort";
import type { CardDisplay } from "./cards";

interface Props {
  groupBy: BreakdownGroupBy;
  label: string;
  view: EventsQuery;
  enabled: boolean;
  display: CardDisplay;
  onFilter: OnFilter;
  idPrefix: string;
  /** The view's comparison, when on: the same grouping over the compared period (one request more, the card's total from the key figures'). */
  comparison: Comparison | null;
  sort: BreakdownSort;
  onSort: (sort: BreakdownSort) => void;
}

/**
 * One grouping for the view's event kind. The card's own dimension is left out of the request
 * so its other values stay listed (with counts as if that filter were absent); the ones in
 * the filter show as selected. The filter editor lists the same request's rows.
 */
export function GroupByPanel({
  groupBy,
  label,
  view,
  enabled,
  display,
  onFilter,
  idPrefix,
  comparison,
  sort,
  onSort,
}: Props) {
  const param = filterParamOf(groupBy);
  const query = breakdownQuery(view, groupBy);
  const result = useAnalytics(query, { enabled, priority: "high" });
  // The card's total, so every card's shares are of all of its metric: the page's own figures (the
  // same replies as the key figures: no request of its own) unless the card left its own filter
  // out, then the card's query counted.
  const ownFilterDropped =
    Object.keys(query.filters).length < Object.keys(chartQuery(view, view.event, groupBy).filters).length;
  const figures = useFigures(view, { enabled: enabled && !ownFilterDropped });
  const cardCount = useAnalytics(
    { ...query, groupBy: "count" as const },
    { enabled: enabled && ownFilterDropped, priority: "high" },
  );
  const metric = ORDER_METRIC[view.event];
  const total = ownFilterDropped ? cardCount : figures;
  const items = useMemo(() => (result.data ? breakdownItems(groupBy, result.data) : undefined), [result.data, groupBy]);
  const comparing = comparison !== null;
  const period = comparison ?? "previous";
  const before = useAnalytics(query, { enabled: enabled && comparing, priority: "low", period });
  const figuresBefore = useFigures(view, { period, enabled: enabled && comparing && !ownFilterDropped });
  const countBefore = useAnalytics(
    { ...query, groupBy: "count" as const },
    { enabled: enabled && comparing && ownFilterDropped, priority: "low", period },
  );
  const totalBefore = ownFilterDropped ? countBefore : figuresBefore;
  const rowFigures = useRowFigures(
    view,
    groupBy,
    label,
    items,
    enabled && display === "table",
    ownFilterDropped || figures.isPlaceholderData ? undefined : figures.data,
  );
  const itemsBefore = useMemo(
    () => (before.data ? breakdownItems(groupBy, before.data) : undefined),
    [before.data, groupBy],
  );

  return (
    <PanelContent
      items={items}
      error={result.error}
      stale={result.isPlaceholderData}
      filtered={Object.keys(query.filters).length > 0}
      cardTotal={total.data && !total.isPlaceholderData ? total.data[metric] : undefined}
      retry={() => void result.refetch()}
      label={label}
      dimensionLabel={filterDef(param).label}
      metric={metric}
      param={param}
      clause={view.filters[param]}
      onFilter={onFilter}
      display={display}
      idPrefix={idPrefix}
      compared={
        comparison && {
          comparison,
          items: before.isPlaceholderData ? undefined : itemsBefore,
          cardTotal: totalBefore.data && !totalBefore.isPlaceholderData ? totalBefore.data[metric] : undefined,
          error: before.error,
        }
      }
      sort={sort}
      onSort={onSort}
      figures={rowFigures}
    />
  );
}
