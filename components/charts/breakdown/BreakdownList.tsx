"use client";

import type { FilterClause } from "@/lib/contract/query";
import { rowState, toggleExclude, toggleInclude } from "@/lib/analytics/rowFilter";
import { type FilterParam } from "@/lib/contract/dimensions";
import { filterDef } from "@/lib/filters/dimensions";
import { METRIC_STYLES, type Metric } from "../metrics";
import { BreakdownRow } from "./BreakdownRow";
import { dimensionName } from "./dimensionName";
import type { BreakdownItem } from "./items";

export type OnFilter = (param: FilterParam, clause: FilterClause | null) => void;

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
}

/** Bars with value and share; each row filters by its value. */
export function BreakdownList({ items, total, metric, param, clause, onFilter, idPrefix, label }: BreakdownListProps) {
  const style = METRIC_STYLES[metric];
  const { multi } = filterDef(param);
  const dimension = dimensionName(param);
  return (
    <ul aria-label={label} className="flex flex-col gap-0.5">
      {items.map((item, index) => (
        <BreakdownRow
          key={item.value === "" ? `empty-${index}` : item.value}
          item={item}
          share={total > 0 ? item.metrics[metric] / total : 0}
          valueText={style.format(item.metrics[metric])}
          barClass={style.barClass}
          state={rowState(clause, item.value)}
          dimension={dimension}
          canExclude={multi}
          onInclude={() => onFilter(param, toggleInclude(clause, item.value, multi))}
          onExclude={() => onFilter(param, toggleExclude(clause, item.value))}
          describedById={`${idPrefix}-row-${index}`}
        />
      ))}
    </ul>
  );
}
