"use client";

import type { FilterClause } from "@/lib/contract/query";
import { rowState } from "@/lib/analytics/rowFilter";
import type { FilterParam } from "@/lib/contract/dimensions";
import type { RequestError } from "@/lib/queries/requestError";
import type { Metric } from "../metrics";
import { ChartEmpty, ChartError, SkeletonRows } from "../parts/ChartState";
import { formatPercent } from "@/lib/format/number";
import { METRIC_STYLES } from "../metrics";
import { BreakdownList, type OnFilter } from "./BreakdownList";
import { dimensionName } from "./dimensionName";
import { emptyText } from "../parts/emptyText";
import { cardShares } from "./shares";
import { BreakdownTable } from "./BreakdownTable";
import type { BreakdownItem } from "./items";
import { ViewAllDialog } from "./ViewAllDialog";

/** Rows shown in the card; the rest are behind "View all". */
export const CARD_ROWS = 8;

/** The top rows, plus any row in the filter further down: a selection never hides. */
function cardRows(items: readonly BreakdownItem[], clause: FilterClause | undefined): BreakdownItem[] {
  const pinned = items.slice(CARD_ROWS).filter((item) => rowState(clause, item.value) !== "none");
  return [...items.slice(0, CARD_ROWS), ...pinned];
}

export interface PanelState {
  items: BreakdownItem[] | undefined;
  error: RequestError | null;
  stale: boolean;
  retry: () => void;
  /** The card's total of its metric (the platform's count over the card's query), once known. */
  cardTotal?: number;
  /** The card's query has filters (other than its own dimension's): an empty card is theirs, not the period's. */
  filtered: boolean;
}

interface Props extends PanelState {
  /** The tab's name: "Countries". */
  label: string;
  dimensionLabel: string;
  metric: Metric;
  param: FilterParam;
  clause: FilterClause | undefined;
  onFilter: OnFilter;
  asTable: boolean;
  idPrefix: string;
}

/** A tab's body in every state: loading, failed, empty, bars or table, and "View all". */
export function PanelContent({ items: all, error, stale, retry, cardTotal, filtered, label, dimensionLabel, metric, param, clause, onFilter, asTable, idPrefix }: Props) {
  if (!all) return error ? <ChartError error={error} onRetry={retry} /> : <SkeletonRows rows={6} label={`Loading ${label.toLowerCase()}`} />;
  const { items, base: total, unlisted } = cardShares(all, clause, metric, cardTotal);
  if (items.length === 0) return <ChartEmpty>{emptyText(label, filtered)}</ChartEmpty>;

  const list = { total, metric, param, clause, onFilter };
  const style = METRIC_STYLES[metric];
  // The table is the bars' text alternative: the same rows, the rest behind the same "View all".
  const shown = cardRows(items, clause);
  return (
    <div className={`flex flex-1 flex-col ${stale ? "opacity-60 transition-opacity" : "transition-opacity"}`}>
      {asTable ? (
        <BreakdownTable items={shown} total={total} metric={metric} shareLabel={`Share of all ${style.noun}`} dimensionLabel={dimensionLabel} caption={`${label} by ${metric === "saleAmount" ? "revenue" : metric}${shown.length < items.length ? `, ${shown.length} of ${items.length}` : ""}`} />
      ) : (
        <BreakdownList {...list} items={shown} idPrefix={idPrefix} label={label} />
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-2">
        <p className="text-xs text-zinc-600">
          {`% of all ${style.noun}: ${style.format(total)}`}
          {unlisted > 0 && total > 0 && `, ${formatPercent(unlisted / total)} with no ${dimensionName(param)}`}
        </p>
        {items.length > CARD_ROWS && <ViewAllDialog {...list} title={label} items={items} />}
      </div>
    </div>
  );
}
