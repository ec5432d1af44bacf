import { type Options, type Stringifier, stringify } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";

/** One CSV cell as a writer hands it over: text as it is stored (the encoder guards and quotes it). */
export type Cell = string | number | null;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that some
 * spreadsheets skip before one) is prefixed with an apostrophe, so it is shown as text (OWASP
 * "CSV injection"). The Status report's SQL does the same (reports/csv/csv-sql.ts, guardedText).
 */
export function safeCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * How every CSV the server writes in JS encodes its cells (csv-stringify): text is always quoted,
 * quotes doubled (RFC 4180), after the formula guard (safeCell). The guard alone, which looks at
 * the first character only, is not enough: a spreadsheet set to split on ";" (most of continental
 * Europe) reads the bare `Bio;=1+2` as two cells, the second a formula; quoted, it is one text cell.
 * A number is written bare, null as an empty cell. The header (our own column names) is not quoted.
 * The Status report's database-written lines do the same in SQL (reports/csv/csv-sql.ts, textCell).
 */
export const CSV_OPTIONS: Options = {
  quoted_string: true,
  cast: {
    string: (value, context) => (context.header ? { value, quoted_string: false } : safeCell(value)),
  },
};

/** A streaming CSV writer of rows of cells, the header line first (columns in order). */
export function csvStream(columns: readonly string[]): Stringifier {
  return stringify({ ...CSV_OPTIONS, header: true, columns: [...columns] });
}

/** One row as csvStream writes it, "\n" included. */
export function csvLine(cells: readonly Cell[]): string {
  return stringifySync([[...cells]], CSV_OPTIONS);
}

/** One cell as csvStream writes it. */
export function csvCell(value: Cell): string {
  return csvLine([value]).slice(0, -1);
}
