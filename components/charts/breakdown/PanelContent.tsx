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
import type { BreakdownSort } from "./breakdownSort";
import { comparedWithText, type Comparison } from "@/lib/analytics/comparison";
import { changeSortValue, rowChanges, sortByValue, type RowChange } from "@/lib/analytics/rowChange";
import { rowColumnValue, type RowColumn, type RowFigures } from "@/lib/analytics/rowFigures";
import { CardCsvButton } from "./CardCsvButton";
import type { CardDisplay } from "./cards";
import { CountryMap } from "./map/lazyCountryMap";

/** Rows shown in the card; the rest are behind "View all". */
export const CARD_ROWS = 8;

/** The top rows, plus any row in the filter further down: a selection never hides. */
function cardRows(items: readonly BreakdownItem[], clause: FilterClause | undefined): BreakdownItem[] {
  const pinned = items.slice(CARD_ROWS).filter((item) => rowState(clause, item.value) !== "none");
  return [...items.slice(0, CARD_ROWS), ...pinned];
}

/** The same grouping over the compared period. */
export interface ComparedRows {
  comparison: Comparison;
  items: BreakdownItem[] | undefined;
  cardTotal: number | undefined;
  error: RequestError | null;
}

/** Each row's change once the compared rows and total are in; null otherwise. */
function changesOf(
  items: readonly BreakdownItem[],
  base: number,
  metric: Metric,
  compared: ComparedRows | null | undefined,
): Map<BreakdownItem, RowChange> | null {
  if (!compared?.items) return null;
  const baseBefore = compared.cardTotal ?? compared.items.reduce((sum, item) => sum + item.metrics[metric], 0);
  return rowChanges(items, (item) => item.metrics[metric], compared.items, base, baseBefore);
}

/** Every metric of each row (the table view and the card's CSV), and which columns the event kind and plan allow. */
export interface RowFiguresState {
  /** Null while loading, or when refused (then only the card's own metric is shown). */
  rows: Map<BreakdownItem, RowFigures> | null;
  columns: readonly RowColumn[];
  /** The card's totals of every column: the key figures' when the card keeps the view's filters, else its rows' sum. */
  totals: RowFigures | null;
  error: RequestError | null;
  /** The figures for the CSV: asked for on demand (the table's own requests, cached once made). */
  load: () => Promise<Map<BreakdownItem, RowFigures> | null>;
  fileName: string;
}

function sorted(
  items: BreakdownItem[],
  sort: BreakdownSort,
  metric: Metric,
  changes: Map<BreakdownItem, RowChange> | null,
  figures: Map<BreakdownItem, RowFigures> | null,
): BreakdownItem[] {
  if (sort.column === "value") return sort.ascending ? [...items].reverse() : items;
  if (sort.column !== "change" && sort.column !== "shareChange") {
    const column = sort.column;
    return figures
      ? sortByValue(
          items,
          (item) => {
            const row = figures.get(item);
            return row ? rowColumnValue(column, row) : null;
          },
          sort.ascending,
        )
      : items;
  }
  if (!changes) return items;
  const key = sort.column === "change" ? "ratio" : "sharePoints";
  return sortByValue(items, (item) => changeSortValue(changes.get(item), key, item.metrics[metric]), sort.ascending);
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
  /** Bars, the table of every metric, or (countries) the map. */
  display: CardDisplay;
  idPrefix: string;
  compared?: ComparedRows | null;
  sort: BreakdownSort;
  onSort: (sort: BreakdownSort) => void;
  figures?: RowFiguresState | null;
}

/** A tab's body in every state: loading, failed, empty, bars or table, and "View all". */
export function PanelContent({
  items: all,
  error,
  stale,
  retry,
  cardTotal,
  filtered,
  label,
  dimensionLabel,
  metric,
  param,
  clause,
  onFilter,
  display,
  idPrefix,
  compared,
  sort,
  onSort,
  figures,
}: Props) {
  if (!all)
    return error ? (
      <ChartError error={error} onRetry={retry} />
    ) : (
      <SkeletonRows rows={6} label={`Loading ${label.toLowerCase()}`} />
    );
  const { items: listed, base: total, unlisted } = cardShares(all, clause, metric, cardTotal);
  if (listed.length === 0) return <ChartEmpty>{emptyText(label, filtered)}</ChartEmpty>;
  const changes = changesOf(listed, total, metric, compared);
  const items = sorted(listed, sort, metric, changes, figures?.rows ?? null);
  const comparison = compared ? { changes, against: comparedWithText(compared.comparison) } : null;

  const list = { total, metric, param, clause, onFilter, comparison };
  const style = METRIC_STYLES[metric];
  // The table is the bars' text alternative: the same rows, the rest behind the same "View all".
  const shown = cardRows(items, clause);
  return (
    <div className={`flex flex-1 flex-col ${stale ? "opacity-60 transition-opacity" : "transition-opacity"}`}>
      {display === "map" ? (
        // Every country of the card, not only its top rows: the rest are the map's point.
        <CountryMap {...list} items={items} idPrefix={idPrefix} label={label} />
      ) : display === "table" ? (
        <BreakdownTable
          items={shown}
          total={total}
          metric={metric}
          comparison={comparison}
          sort={sort}
          onSort={onSort}
          figures={figures ?? null}
          shareLabel={`Share of all ${style.noun}`}
          dimensionLabel={dimensionLabel}
          caption={`${label} by ${metric === "saleAmount" ? "revenue" : metric}${shown.length < items.length ? `, ${shown.length} of ${items.length}` : ""}`}
        />
      ) : (
        <BreakdownList {...list} items={shown} idPrefix={idPrefix} label={label} />
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-2">
        <p className="text-xs text-zinc-600">
          {`% of all ${style.noun}: ${style.format(total)}`}
          {compared &&
            (compared.error
              ? ` · comparison failed: ${compared.error.message}`
              : !changes
                ? " · loading the comparison…"
                : ` · change against ${comparedWithText(compared.comparison)}`)}
          {unlisted > 0 && total > 0 && `, ${formatPercent(unlisted / total)} with no ${dimensionName(param)}`}
        </p>
        <span className="flex items-center gap-2">
          {figures && (
            <CardCsvButton
              label={label}
              dimensionLabel={dimensionLabel}
              items={items}
              total={total}
              metric={metric}
              figures={figures}
              comparison={comparison}
            />
          )}
          {items.length > CARD_ROWS && <ViewAllDialog {...list} title={label} items={items} />}
        </span>
      </div>
    </div>
  );
}
