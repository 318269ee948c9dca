import { stringify } from "csv-stringify/sync";
import type { DerivedFields } from "../events/saleTypes";
import type { EventColumn } from "./columns";

const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheets run cells starting with = + - @ as formulas; third-party text is quoted with a leading '. */
export function cell<E>(column: EventColumn<E>, event: E, derived?: DerivedFields): string {
  const value = column.get(event, derived);
  return column.type === "text" && FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvLines(rows: string[][]): string {
  return stringify(rows, { record_delimiter: "\n" });
}

export function csvHeader<E>(columns: readonly EventColumn<E>[]): string {
  return csvLines([columns.map((c) => c.label)]);
}

export function csvRows<E>(columns: readonly EventColumn<E>[], events: readonly E[], derive?: (event: E) => DerivedFields): string {
  return csvLines(
    events.map((event) => {
      const derived = derive?.(event);
      return columns.map((column) => cell(column, event, derived));
    }),
  );
}
