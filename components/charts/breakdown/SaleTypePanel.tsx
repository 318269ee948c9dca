"use client";

import type { Metrics } from "@/lib/contract/analytics";
import type { EventsQuery } from "@/lib/contract/query";
import { chartQuery, withFilters, withoutFilter } from "@/lib/analytics/queries";
import { useAnalytics } from "@/lib/queries/useAnalytics";
import type { Comparison } from "@/lib/analytics/comparison";
import type { OnFilter } from "./BreakdownList";
import type { BreakdownSort } from "./breakdownSort";
import type { CardDisplay } from "./cards";
import type { BreakdownItem } from "./items";
import { PanelContent } from "./PanelContent";
import { saleTypeFigures } from "./saleTypeFigures";
import { rangeFileName } from "@/lib/format/date";
import { useNow } from "@/lib/hooks/useNow";
import { safeRange } from "@/lib/queries/figurePlan";

interface Props {
  view: EventsQuery;
  enabled: boolean;
  display: CardDisplay;
  onFilter: OnFilter;
  idPrefix: string;
  comparison: Comparison | null;
  sort: BreakdownSort;
  onSort: (sort: BreakdownSort) => void;
}

const only = (value: "new" | "recurring") => ({ saleType: { exclude: false, values: [value] } });

function item(value: "new" | "recurring", label: string, metrics: Metrics): BreakdownItem {
  return { value, label, metrics };
}

/** New against recurring sales: two `count` requests (event=sales), without the view's own saleType filter. */
export function SaleTypePanel({ view, enabled, display, onFilter, idPrefix, comparison, sort, onSort }: Props) {
  const base = withoutFilter(chartQuery(view, "sales", "count"), "saleType");
  const fresh = useAnalytics(withFilters(base, only("new")), { enabled, priority: "high" });
  const recurring = useAnalytics(withFilters(base, only("recurring")), { enabled, priority: "high" });
  const before = {
    enabled: enabled && comparison !== null,
    priority: "low" as const,
    period: comparison ?? ("previous" as const),
  };
  const freshBefore = useAnalytics(withFilters(base, only("new")), before);
  const recurringBefore = useAnalytics(withFilters(base, only("recurring")), before);
  const itemsBefore =
    freshBefore.data && recurringBefore.data
      ? [item("new", "New", freshBefore.data), item("recurring", "Recurring", recurringBefore.data)]
      : undefined;

  const items =
    fresh.data && recurring.data
      ? [item("new", "New", fresh.data), item("recurring", "Recurring", recurring.data)]
      : undefined;
  const now = useNow();
  const range = now ? safeRange(view, now) : null;
  const figures = saleTypeFigures(
    items,
    range ? rangeFileName("linklens-new-vs-recurring", range, view.timezone) : "linklens-new-vs-recurring.csv",
  );
  return (
    <PanelContent
      items={items}
      error={fresh.error ?? recurring.error}
      stale={fresh.isPlaceholderData || recurring.isPlaceholderData}
      filtered={Object.keys(base.filters).length > 0}
      retry={() => {
        void fresh.refetch();
        void recurring.refetch();
      }}
      label="New vs recurring"
      dimensionLabel="Sale type"
      metric="saleAmount"
      param="saleType"
      clause={view.filters.saleType}
      onFilter={onFilter}
      display={display}
      idPrefix={idPrefix}
      compared={
        comparison && {
          comparison,
          items: itemsBefore,
          cardTotal: undefined,
          error: freshBefore.error ?? recurringBefore.error,
        }
      }
      sort={sort}
      onSort={onSort}
      figures={figures}
    />
  );
}
