import { stringify } from "csv-stringify/sync";

/**
 * What a spreadsheet may run as a formula: = + - @ first, also after leading spaces, tabs, line
 * breaks or no-break spaces (spreadsheets trim them), and a cell starting with a tab or CR.
 */
const FORMULA_START = /^[\s\u00a0\ufeff]*[=+\-@]|^[\t\r]/;

/** Text a third party typed (a partner's name) is kept from running as a spreadsheet formula. */
export function guardText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A small table (a report the page already holds) as CSV text: a UTF-8 byte-order mark (see csvHeader), then the header. */
export function tableCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([[...header], ...rows.map((row) => [...row])], { record_delimiter: "\n", bom: true });
}
