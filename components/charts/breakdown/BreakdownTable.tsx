import { Flag } from "@/components/ui/Flag";
import { describeChange, describePointChange } from "@/lib/analytics/change";
import { rowColumnValue, type RowColumn, type RowFigures } from "@/lib/analytics/rowFigures";
import { formatPercent } from "@/lib/format/number";
import { SortHeader } from "@/components/reports/SortHeader";
import { METRIC_STYLES, type Metric } from "../metrics";
import type { RowComparison } from "./BreakdownList";
import type { BreakdownItem } from "./items";
import type { BreakdownSort } from "./breakdownSort";
import type { RowFiguresState } from "./PanelContent";
import { ROW_COLUMN_DISPLAY } from "./rowColumns";

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
  /** Every metric per row; null: the card's own metric only. */
  figures: RowFiguresState | null;
}

const CELL = "py-1.5 pl-3 text-right";

function figureText(column: RowColumn, row: RowFigures | undefined): string {
  const value = row ? rowColumnValue(column, row) : null;
  return value === null ? "—" : ROW_COLUMN_DISPLAY[column].show(value);
}

/**
 * A breakdown as a table: the bars' rows with every metric the plan and the event kind give side by
 * side (clicks, leads, sales, revenue, the two conversion rates), the share of the card's total,
 * and when comparing each row's change; sortable by any figure, with the card's totals below.
 */
export function BreakdownTable({
  items,
  total,
  metric,
  dimensionLabel,
  shareLabel,
  caption,
  comparison,
  sort,
  onSort,
  figures,
}: Props) {
  const style = METRIC_STYLES[metric];
  const header = {
    sort: { column: sort.column, ascending: sort.ascending },
    className: "!py-1 !pr-0 !pl-3",
    onSort: (column: string, reversed: boolean) =>
      onSort({ column: column as BreakdownSort["column"], ascending: reversed }),
  };
  const rows = figures?.rows ?? null;
  // The card's own metric is its bars' order ("value"); the other columns sort by themselves.
  const columns: readonly RowColumn[] = rows ? (figures?.columns ?? []) : [metric];
  const columnId = (column: RowColumn) => (column === metric ? "value" : column);
  const totals = figures?.totals ?? null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-xs text-zinc-600">
            <th scope="col" className="py-1 font-medium">
              {dimensionLabel}
            </th>
            {columns.map((column) => (
              <SortHeader
                key={column}
                id={columnId(column)}
                label={ROW_COLUMN_DISPLAY[column].label}
                hint={ROW_COLUMN_DISPLAY[column].hint}
                {...header}
              />
            ))}
            <th scope="col" className="py-1 pl-3 text-right font-medium">
              {shareLabel}
            </th>
            {comparison && <SortHeader id="change" label="Change" hint={`against ${comparison.against}`} {...header} />}
            {comparison && <SortHeader id="shareChange" label="Share change" {...header} />}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {items.map((item, index) => {
            const change = comparison?.changes?.get(item);
            const row = rows?.get(item);
            return (
              <tr key={item.value === "" ? `empty-${index}` : item.value} className="border-t border-zinc-100">
                <th scope="row" className="max-w-0 min-w-32 truncate py-1.5 pr-2 text-left font-normal text-zinc-800">
                  <Flag country={item.flag} /> {item.label}
                </th>
                {columns.map((column) => (
                  <td key={column} className={`${CELL} ${column === metric ? "text-zinc-900" : "text-zinc-700"}`}>
                    {column === metric ? style.format(item.metrics[metric]) : figureText(column, row)}
                  </td>
                ))}
                <td className={`${CELL} w-16 text-zinc-600`}>
                  {total > 0 ? formatPercent(item.metrics[metric] / total) : "—"}
                </td>
                {comparison && (
                  <td
                    className={`${CELL} text-zinc-800`}
                    title={change ? `${style.format(change.before)} in ${comparison.against}` : undefined}
                  >
                    {change ? describeChange(item.metrics[metric], change.before).text : "…"}
                  </td>
                )}
                {comparison && (
                  <td className={`${CELL} text-zinc-800`}>
                    {change ? describePointChange(change.share, change.shareBefore).text : "…"}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
        {rows && totals && (
          <tfoot className="border-t-2 border-zinc-200 font-semibold tabular-nums">
            <tr>
              <th scope="row" className="py-1.5 pr-2 text-left">
                Total
              </th>
              {columns.map((column) => (
                <td key={column} className={CELL}>
                  {column === metric ? style.format(total) : figureText(column, totals)}
                </td>
              ))}
              <td className={`${CELL} text-zinc-600`}>{total > 0 ? formatPercent(1) : "—"}</td>
              {comparison && <td />}
              {comparison && <td />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
