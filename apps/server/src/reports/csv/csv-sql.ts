import { type SQL, sql } from "drizzle-orm";

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

/** A timestamp as toISOString() writes it (UTC, milliseconds), or null. */
export const isoText = (v: SQL | unknown): SQL =>
  sql`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A timestamp as toISOString() writes it (UTC, milliseconds), or an empty cell. */
export const isoCell = (v: SQL | unknown): SQL => sql`coalesce(${isoText(v)}, '')`;

/** One CSV line of cells (each already a text expression), without its newline. */
export const csvLine = (cells: SQL[]): SQL => sql`concat_ws(',', ${sql.join(cells, sql`, `)})`;
