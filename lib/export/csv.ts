import { stringify } from "csv-stringify/sync";
import type { DerivedFields } from "../events/saleTypes";
import type { EventColumn } from "./columns";
import { shownValue, type ShowContext } from "./shown";
import { guardText } from "./table";

/** Spreadsheets run cells starting with = + - @ as formulas; third-party text is quoted with a leading '. */
function cell<E>(
  column: EventColumn<E>,
  event: E,
  derived: DerivedFields | undefined,
  shown: ShowContext | null,
): string {
  const raw = column.get(event, derived);
  const value = shown ? shownValue(column, raw, shown) : raw;
  return column.type === "text" ? guardText(value) : value;
}

function csvLines(rows: string[][]): string {
  return stringify(rows, { record_delimiter: "\n" });
}

/**
 * The file's first line, after a UTF-8 byte-order mark: spreadsheet apps that guess a CSV's
 * encoding read "Noah López" right only with it.
 */
export function csvHeader<E>(columns: readonly EventColumn<E>[]): string {
  return stringify([columns.map((c) => c.label)], { record_delimiter: "\n", bom: true });
}

/** Rows of events: raw values, or with `shown` as the page shows them (lib/export/shown.ts). */
export function csvRows<E>(
  columns: readonly EventColumn<E>[],
  events: readonly E[],
  derive?: (event: E) => DerivedFields,
  shown: ShowContext | null = null,
): string {
  return csvLines(
    events.map((event) => {
      const derived = derive?.(event);
      return columns.map((column) => cell(column, event, derived, shown));
    }),
  );
}
