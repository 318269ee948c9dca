import { Flag } from "@/components/ui/Flag";
import { formatPercent } from "@/lib/format/number";
import { METRIC_STYLES, type Metric } from "../metrics";
import type { BreakdownItem } from "./items";

interface Props {
  items: readonly BreakdownItem[];
  total: number;
  metric: Metric;
  dimensionLabel: string;
  /** What the shares are of: "Share of all revenue". */
  shareLabel: string;
  caption: string;
}

/** A breakdown as a table: the text alternative of the bars, with the same numbers. */
export function BreakdownTable({ items, total, metric, dimensionLabel, shareLabel, caption }: Props) {
  const style = METRIC_STYLES[metric];
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-zinc-500">
          <th scope="col" className="py-1 font-medium">{dimensionLabel}</th>
          <th scope="col" className="py-1 text-right font-medium">{style.label}</th>
          <th scope="col" className="py-1 text-right font-medium">{shareLabel}</th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {items.map((item, index) => (
          <tr key={item.value === "" ? `empty-${index}` : item.value} className="border-t border-zinc-100">
            <th scope="row" className="max-w-0 truncate py-1.5 pr-2 text-left font-normal text-zinc-800">
              <Flag country={item.flag} /> {item.label}
            </th>
            <td className="py-1.5 text-right text-zinc-900">{style.format(item.metrics[metric])}</td>
            <td className="w-16 py-1.5 text-right text-zinc-500">{total > 0 ? formatPercent(item.metrics[metric] / total) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
