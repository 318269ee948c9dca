"use client";

import type { FilterClause } from "@/lib/contract/query";
import { rowState, toggleExclude, toggleInclude } from "@/lib/analytics/rowFilter";
import { type FilterParam } from "@/lib/contract/dimensions";
import { filterDef } from "@/lib/filters/dimensions";
import { METRIC_STYLES, type Metric } from "../metrics";
import { BreakdownRow } from "./BreakdownRow";
import { dimensionName } from "./dimensionName";
import type { BreakdownItem } from "./items";
import { describeChange, describePointChange } from "@/lib/analytics/change";
import type { RowChange } from "@/lib/analytics/rowChange";

/** The rows' changes against the compared period (null while it loads) and what that period is, in words. */
export interface RowComparison {
  changes: Map<BreakdownItem, RowChange> | null;
  against: string;
}

export type OnFilter = (param: FilterParam, clause: FilterClause | null) => void;

/** What a row (or a country on the map) does when clicked: include its value, or exclude it (filters with `-` only). */
export function rowFilterActions(
  param: FilterParam,
  clause: FilterClause | undefined,
  onFilter: OnFilter,
  value: string,
): { include: () => void; exclude: () => void } {
  return {
    include: () => onFilter(param, toggleInclude(clause, value, filterDef(param).multi)),
    exclude: () => onFilter(param, toggleExclude(clause, value)),
  };
}

export interface BreakdownListProps {
  items: readonly BreakdownItem[];
  /** Shares are of this total: the card's (cardShares), not only the rows shown. */
  total: number;
  metric: Metric;
  param: FilterParam;
  clause: FilterClause | undefined;
  onFilter: OnFilter;
  idPrefix: string;
  label: string;
  comparison?: RowComparison | null;
}

/** Bars with value and share; each row filters by its value. */
export function BreakdownList({
  items,
  total,
  metric,
  param,
  clause,
  onFilter,
  idPrefix,
  label,
  comparison,
}: BreakdownListProps) {
  const style = METRIC_STYLES[metric];
  const { multi } = filterDef(param);
  const dimension = dimensionName(param);
  return (
    <ul aria-label={label} className="flex flex-col gap-0.5">
      {items.map((item, index) => {
        const change = comparison?.changes?.get(item);
        const compared = comparison
          ? change
            ? {
                display: describeChange(item.metrics[metric], change.before),
                spoken: `${describeChange(item.metrics[metric], change.before).text} (${style.format(change.before)} in ${comparison.against}), share ${describePointChange(change.share, change.shareBefore).text}`,
              }
            : { display: null, spoken: "" }
          : null;
        const filter = rowFilterActions(param, clause, onFilter, item.value);
        return (
          <BreakdownRow
            key={item.value === "" ? `empty-${index}` : item.value}
            item={item}
            share={total > 0 ? item.metrics[metric] / total : 0}
            valueText={style.format(item.metrics[metric])}
            barClass={style.barClass}
            state={rowState(clause, item.value)}
            dimension={dimension}
            canExclude={multi}
            onInclude={filter.include}
            onExclude={filter.exclude}
            describedById={`${idPrefix}-row-${index}`}
            compared={compared}
          />
        );
      })}
    </ul>
  );
}
