import type { SQL } from "drizzle-orm";
import type { Scoped } from "../../access/scoped.ts";
import type { Viewer } from "../../access/viewer.ts";
import type { Cell } from "../../export/csv-cells.ts";
import { userError } from "../../graphql/builder.ts";

/**
 * One CSV cell: text as stored, a number, or an instant; the route's writer (csvStream,
 * export/csv-cells.ts) guards and quotes text, and writes an instant on the school's clock.
 */
export type { Cell };

/**
 * How one report exports its whole result as CSV (issue 12, docs/decisions/0800-report-exports.md).
 * The export route reads the query string, checks `allowed`, calls `parse` (the same checks
 * as the GraphQL call, throwing the same userError naming the field), answers `count` in the
 * x-total-count header, then streams `rows` batch by batch. Each batch is read through a
 * fresh Scoped (`scope()`), so nothing but one batch sits in memory.
 */
export interface ReportExport<A> {
  /** the report's page name in the URL: /Reports/{page} and /api/v2/reports/{page}/export.csv */
  page: string;
  /** the file name offered to the browser, without .csv */
  file: string;
  /** who may open the report at all (access_reports, admin only...); others get 404 */
  allowed: (viewer: Viewer) => boolean;
  /** the query string (each filter once, as text) to the report's arguments; throws userError */
  parse: (query: Record<string, string>) => A;
  header: readonly string[];
  count: (data: Scoped, args: A) => Promise<number>;
  /** every row of the filter in the report's order, in batches; each batch via a fresh scope; text as stored */
  rows?: (scope: () => Scoped, args: A) => AsyncIterable<Cell[][]>;
  /**
   * Instead of `rows`, for the reports of millions of rows: CSV text already written (lines
   * ending in "\n", text cells quoted and guarded, times on the school's clock, as csvStream
   * does), batch by batch. The database
   * writes the lines (csv-sql.ts), the server only passes them on.
   */
  lines?: (scope: () => Scoped, args: A) => AsyncIterable<string>;
  /**
   * On PostgreSQL, instead of `lines` (which it needs: PGlite, and more exports at once than
   * COPIES_AT_ONCE): one statement for the whole file whose columns are the cells (text guarded
   * as safeCell does, null for an empty cell), in the header's order; the database writes the
   * CSV through COPY ... TO STDOUT (copy-out.ts). `quoted` names the columns always quoted (the
   * text cells), so the bytes equal those of `lines`.
   */
  copy?: { query: (data: Scoped, args: A) => SQL; quoted: readonly string[] };
}

const ID = /^[1-9][0-9]{0,9}$/;

/** A comma-separated list of ids from the query string ("3,4,5"), or undefined; refuses, naming the field. */
export function idList(query: Record<string, string>, field: string): number[] | undefined {
  const value = query[field];
  if (value === undefined || value === "") return undefined;
  const parts = value.split(",").map((v) => v.trim());
  if (!parts.every((p) => ID.test(p) && Number(p) <= 2_147_483_647))
    throw userError(`${field} must be ids separated by commas`, field);
  return parts.map(Number);
}

/** An id from the query string, or undefined; refuses anything else, naming the field. */
export function idOf(query: Record<string, string>, field: string): number | undefined {
  const value = query[field];
  if (value === undefined || value === "") return undefined;
  if (!ID.test(value) || Number(value) > 2_147_483_647) throw userError(`${field} must be an id`, field);
  return Number(value);
}
