import { conversionRates, type Figures } from "@/lib/analytics/conversion";
import type { RowColumn } from "@/lib/analytics/rowFigures";
import { ROW_COLUMN_DISPLAY } from "../breakdown/rowColumns";
import { KPIS } from "./kpis";

function rawValue(id: string, f: Figures): string {
  const column = id as RowColumn;
  const value = column === "clickToLead" || column === "leadToCustomer" ? conversionRates(f)[column].value : f[column];
  return value === null ? "" : ROW_COLUMN_DISPLAY[column].raw(value);
}

function header(id: string): string {
  const display = ROW_COLUMN_DISPLAY[id as RowColumn];
  return display.unit ? `${display.label} (${display.unit})` : display.label;
}

/** The key figures as a table: one row per tile (plain values as the cards' CSVs write them), with the compared period's value and the change when there is one. */
export function keyFiguresTable(
  now: Figures,
  before: Figures | null,
  against: string,
): { header: string[]; rows: string[][] } {
  return {
    header: ["Figure", "Value", `Value, ${against}`, "Change"],
    rows: KPIS.map((kpi) => [
      header(kpi.id),
      rawValue(kpi.id, now),
      before ? rawValue(kpi.id, before) : "",
      before ? kpi.change(now, before).text : "",
    ]),
  };
}
