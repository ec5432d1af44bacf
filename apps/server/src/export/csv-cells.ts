import { zonedParts } from "@rollbook/domain";
import { type Options, type Stringifier, stringify } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";
import type { Scoped } from "../access/scoped.ts";

/**
 * One CSV cell as a writer hands it over: text as it is stored (the encoder guards and quotes it),
 * a number, an instant (the encoder writes it on the school's wall clock, localDateTime), or null.
 */
export type Cell = string | number | Date | null;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that some
 * spreadsheets skip before one) is prefixed with an apostrophe, so it is shown as text (OWASP
 * "CSV injection"). The Status report's SQL does the same (reports/csv/csv-sql.ts, guardedText).
 */
export function safeCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * An instant as the school's wall clock, `YYYY-MM-DD HH:MM:SS` with no zone (decision 0823):
 * "2026-11-26 18:00:00" for 2026-11-27T02:00:00Z at a school in America/Los_Angeles. Spreadsheets
 * read it as a date and time; the date part is the school's calendar date, as the `date` columns.
 * Seconds are cut, not rounded, as PostgreSQL's to_char does (the Status report's SQL writes the
 * same text: reports/csv/csv-sql.ts, localText). The zone comes from @date-fns/tz (zonedParts).
 */
export function localDateTime(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The zone a CSV of the viewer's school writes its times in: the school's `timezone` (UTC if none). */
export async function schoolZone(data: Scoped): Promise<string> {
  const school = await data.byId("schools", data.viewer.schoolId);
  return school?.timezone ?? "UTC";
}

/**
 * A calendar date as the reports hand it over, `YYYY-MM-DD` (a session's `meets`, an event's date, a
 * cancellation's start and end): written bare, as an instant is and as the Status report's SQL
 * writes its `date` column, so every file's date cells read alike. It holds no separator, quote or
 * formula character, so bare is safe.
 */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * How every CSV the server writes in JS encodes its cells (csv-stringify): text is always quoted,
 * quotes doubled (RFC 4180), after the formula guard (safeCell). The guard alone, which looks at
 * the first character only, is not enough: a spreadsheet set to split on ";" (most of continental
 * Europe) reads the bare `Bio;=1+2` as two cells, the second a formula; quoted, it is one text cell.
 * A number is written bare, a calendar date bare (CALENDAR_DATE), an instant bare as the school's
 * local date and time (localDateTime, in `timeZone`), null as an empty cell. The header (our own
 * column names) is not quoted.
 * The Status report's database-written lines do the same in SQL (reports/csv/csv-sql.ts, textCell
 * and localCell).
 */
export function csvOptions(timeZone: string): Options {
  return {
    quoted_string: true,
    cast: {
      string: (value, context) =>
        context.header || CALENDAR_DATE.test(value) ? { value, quoted_string: false } : safeCell(value),
      date: (value) => localDateTime(value, timeZone),
    },
  };
}

/** A streaming CSV writer of rows of cells, the header line first (columns in order); times in `timeZone`. */
export function csvStream(columns: readonly string[], timeZone: string): Stringifier {
  return stringify({ ...csvOptions(timeZone), header: true, columns: [...columns] });
}

/** One row as csvStream writes it, "\n" included. */
export function csvLine(cells: readonly Cell[], timeZone: string): string {
  return stringifySync([[...cells]], csvOptions(timeZone));
}

/** One cell as csvStream writes it. */
export function csvCell(value: Cell, timeZone: string): string {
  return csvLine([value], timeZone).slice(0, -1);
}
