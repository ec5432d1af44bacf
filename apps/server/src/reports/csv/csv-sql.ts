import { type SQL, sql } from "drizzle-orm";
import { schools } from "../../db/schema/index.ts";

/**
 * The spreadsheet formula guard as SQL, as safeCell (export/csv-cells.ts) does it: a text starting
 * with =, +, -, @, tab or CR gets a leading apostrophe (null stays null).
 */
export const guardedText = (v: SQL | unknown): SQL =>
  sql`case when left(${v}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${v} else ${v} end`;

/**
 * CSV cells written by the database, for exports of millions of rows: the server then only
 * passes text on (12 µs a row through csv-stringify and the driver's row objects, about 1 µs as
 * one text column; decision 0800). Text is always quoted (RFC 4180 allows it) and guarded as
 * safeCell does: a cell starting with =, +, -, @, tab or CR gets a leading apostrophe. The same
 * bytes as csvCell (export/csv-cells.ts), the encoder of the other CSV writers.
 */
export const textCell = (v: SQL | unknown): SQL =>
  sql`coalesce('"' || replace(${guardedText(v)}, '"', '""') || '"', '')`;

/**
 * The school's zone as SQL, as schoolZone (export/csv-cells.ts) reads it: the `timezone` of the
 * school (UTC if none). An uncorrelated subquery: the database reads it once per statement.
 */
export const schoolZoneSql = (schoolId: number): SQL =>
  sql`coalesce((select ${schools.timezone} from ${schools} where ${schools.id} = ${schoolId}), 'UTC')`;

/**
 * A timestamptz on the school's wall clock, `YYYY-MM-DD HH24:MI:SS` with no zone, or null: the
 * text localDateTime (export/csv-cells.ts) writes for the other CSV writers (decision 0823).
 * to_char cuts the fraction of a second, as localDateTime does. `zone`: schoolZoneSql.
 */
export const localText = (v: SQL | unknown, zone: SQL): SQL =>
  sql`to_char(${v} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** localText, or an empty cell. */
export const localCell = (v: SQL | unknown, zone: SQL): SQL => sql`coalesce(${localText(v, zone)}, '')`;

/** One CSV line of cells (each already a text expression), without its newline. */
export const csvLine = (cells: SQL[]): SQL => sql`concat_ws(',', ${sql.join(cells, sql`, `)})`;
