import { Flag } from "@/components/ui/Flag";
import { describeChange, describePointChange } from "@/lib/analytics/change";
import { formatPercent } from "@/lib/format/number";
import { SortHeader } from "@/components/reports/SortHeader";
import { METRIC_STYLES, type Metric } from "../metrics";
import type { RowComparison } from "./BreakdownList";
import type { BreakdownItem } from "./items";
import type { BreakdownSort } from "./breakdownSort";

interface Props {
  items: readonly BreakdownItem[];
  total: number;
  metric: Metric;
  dimensionLabel: string;
  /** What the shares are of: "Share of all revenue". */
  shareLabel: string;
  caption: string;
  comparison?: RowComparison | null;
  sort: BreakdownSort;
  onSort: (sort: BreakdownSort) => void;
}

/** A breakdown as a table: the text alternative of the bars, with the same numbers; when comparing, each row's change in its metric and its share, sortable. */
export function BreakdownTable({ items, total, metric, dimensionLabel, shareLabel, caption, comparison, sort, onSort }: Props) {
  const style = METRIC_STYLES[metric];
  const header = { sort: { column: sort.column, ascending: sort.ascending }, onSort: (column: string, reversed: boolean) => onSort({ column: column as BreakdownSort["column"], ascending: reversed }) };
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-zinc-600">
          <th scope="col" className="py-1 font-medium">{dimensionLabel}</th>
          <SortHeader id="value" label={style.label} className="!px-0 !py-1" {...header} />
          <th scope="col" className="py-1 text-right font-medium">{shareLabel}</th>
          {comparison && <SortHeader id="change" label="Change" hint={`against ${comparison.against}`} className="!px-0 !py-1" {...header} />}
          {comparison && <SortHeader id="shareChange" label="Share change" className="!px-0 !py-1" {...header} />}
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {items.map((item, index) => {
          const change = comparison?.changes?.get(item);
          return (
            <tr key={item.value === "" ? `empty-${index}` : item.value} className="border-t border-zinc-100">
              <th scope="row" className="max-w-0 truncate py-1.5 pr-2 text-left font-normal text-zinc-800">
                <Flag country={item.flag} /> {item.label}
              </th>
              <td className="py-1.5 text-right text-zinc-900">{style.format(item.metrics[metric])}</td>
              <td className="w-16 py-1.5 text-right text-zinc-600">{total > 0 ? formatPercent(item.metrics[metric] / total) : "—"}</td>
              {comparison && (
                <td className="py-1.5 pl-2 text-right text-zinc-800" title={change ? `${style.format(change.before)} in ${comparison.against}` : undefined}>
                  {change ? describeChange(item.metrics[metric], change.before).text : "…"}
                </td>
              )}
              {comparison && <td className="py-1.5 pl-2 text-right text-zinc-800">{change ? describePointChange(change.share, change.shareBefore).text : "…"}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
