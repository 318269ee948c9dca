import { stringify } from "csv-stringify/sync";
import type { EventColumn } from "./columns";

const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheets run cells starting with = + - @ as formulas; third-party text is quoted with a leading '. */
export function cell<E>(column: EventColumn<E>, event: E): string {
  const value = column.get(event);
  return column.type === "text" && FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvLines(rows: string[][]): string {
  return stringify(rows, { record_delimiter: "\n" });
}

export function csvHeader<E>(columns: readonly EventColumn<E>[]): string {
  return csvLines([columns.map((c) => c.label)]);
}

export function csvRows<E>(columns: readonly EventColumn<E>[], events: readonly E[]): string {
  return csvLines(events.map((event) => columns.map((column) => cell(column, event))));
}
